const freq = [...'hello world'].filter(c => c !== ' ').reduce((m, c) => m.set(c, (m.get(c) ?? 0) + 1), new Map());
console.log([...freq].filter(([, n]) => n > 1).map(([c, n]) => c + n).join(' '));
