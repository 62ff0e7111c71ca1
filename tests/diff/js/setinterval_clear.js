let n = 0;
const id = setInterval(() => { n++; if (n === 3) { clearInterval(id); console.log('ticks', n); } }, 1);
