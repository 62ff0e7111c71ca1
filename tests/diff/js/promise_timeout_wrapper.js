const timeout = (p, ms) => Promise.race([p, new Promise((_, rej) => setTimeout(() => rej(new Error('timeout')), ms))]);
const slow = new Promise(r => setTimeout(() => r('slow done'), 50));
timeout(slow, 10).then(console.log, e => console.log('error:', e.message));
timeout(Promise.resolve('quick'), 10).then(v => console.log(v));
