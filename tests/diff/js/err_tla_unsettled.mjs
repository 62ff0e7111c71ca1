// A module whose top-level await never settles: node runs what is left
// and exits with status 13, silently.
const ready = await Promise.resolve('ready');
console.log(ready);
await new Promise(() => {});
console.log('never printed');
