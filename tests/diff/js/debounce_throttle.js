// Timers: a debounce and an interval. The print is scheduled in the same
// callback as the last call, 100 ms after it, so it comes after that
// call's 20 ms debounce however late the callbacks run (a 150 ms timer set
// at the start raced the debounce on a loaded machine, in node too).
function debounce(fn, ms) { let t; return (...a) => { clearTimeout(t); t = setTimeout(() => fn(...a), ms); }; }
const calls = [];
const save = debounce(v => calls.push(v), 20);
save(1); save(2); save(3);
setTimeout(() => { save(4); setTimeout(() => console.log("debounced calls:", calls), 100); }, 50);
let ticks = 0;
const iv = setInterval(() => { ticks++; if (ticks === 3) { clearInterval(iv); console.log("interval stopped after", ticks); } }, 10);
