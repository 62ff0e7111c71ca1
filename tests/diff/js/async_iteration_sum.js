async function* gen() { for (let i = 1; i <= 3; i++) { await null; yield i; } }
(async () => { let s = 0; for await (const x of gen()) s += x; console.log('sum', s); })();
