console.log(Array.isArray(process.argv), process.argv.length);
console.log(typeof process.env, process.platform);
console.log(process.env.NO_SUCH_VAR_HOPEFULLY);
