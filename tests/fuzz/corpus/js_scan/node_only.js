const f = 2n ** 64n; /(?<=\$)\d+/u.test(s); new RegExp("(?<!x)y"); typeof BigInt; o.WeakRef; ({Atomics: 1}); `${1n}`
