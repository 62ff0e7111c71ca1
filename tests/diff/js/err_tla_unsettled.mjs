// A module whose top-level await never settles: node runs what is left
// (the 'exit' handlers, with code 0) and exits with status 13, silently.
process.on('exit', (code) => console.log('exit handler, code', code));
const ready = await Promise.resolve('ready');
console.log(ready);
await new Promise(() => {});
console.log('never printed');
