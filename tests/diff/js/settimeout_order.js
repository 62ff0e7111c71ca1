const log = [];
setTimeout(() => { log.push('b'); }, 20);
setTimeout(() => { log.push('a'); }, 10);
setTimeout(() => { console.log(log.join('')); }, 30);
