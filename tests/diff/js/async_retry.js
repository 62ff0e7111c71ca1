let attempts = 0;
const flaky = async () => { attempts++; if (attempts < 3) throw new Error('fail ' + attempts); return 'ok after ' + attempts; };
async function retry(fn, n) { for (let i = 0; i < n; i++) { try { return await fn(); } catch (e) { console.log('retry:', e.message); } } throw new Error('gave up'); }
retry(flaky, 5).then(console.log);
