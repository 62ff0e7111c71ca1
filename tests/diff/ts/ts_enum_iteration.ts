enum Level { Debug = 10, Info = 20, Warn = 30 }
const names = Object.keys(Level).filter(k => isNaN(Number(k)));
console.log(names.join(','), Level[20]);
