const defaults = { color: 'red', size: 'M' };
const opts = { ...defaults, size: 'L', extra: true };
console.log(JSON.stringify(opts));
