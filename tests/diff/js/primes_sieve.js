const sieve = n => { const is = new Array(n + 1).fill(true); is[0] = is[1] = false; for (let i = 2; i * i <= n; i++) if (is[i]) for (let j = i * i; j <= n; j += i) is[j] = false; return is.reduce((acc, p, i) => p ? [...acc, i] : acc, []); };
console.log(sieve(50).join(','));
