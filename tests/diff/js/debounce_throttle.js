function debounce(fn, ms) { let t; return (...a) => { clearTimeout(t); t = setTimeout(() => fn(...a), ms); }; }
const calls = [];
const save = debounce(v => calls.push(v), 20);
save(1); save(2); save(3);
setTimeout(() => save(4), 50);
setTimeout(() => console.log("debounced calls:", calls), 150);
let ticks = 0;
const iv = setInterval(() => { ticks++; if (ticks === 3) { clearInterval(iv); console.log("interval stopped after", ticks); } }, 10);
