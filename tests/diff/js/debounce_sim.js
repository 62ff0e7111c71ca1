function debounce(fn, ms) { let t; return (...a) => { clearTimeout(t); t = setTimeout(() => fn(...a), ms); }; }
const log = debounce(v => console.log('called with', v), 10);
log(1); log(2); log(3);
