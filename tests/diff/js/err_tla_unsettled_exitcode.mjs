// An unsettled top-level await with process.exitCode set: that status wins
// over node's 13.
process.exitCode = 3;
console.log('waiting');
await new Promise(() => {});
