const cfg = { timeout: 0, name: '', retries: null };
console.log(cfg.timeout ?? 30, cfg.name ?? 'anon', cfg.retries ?? 3, cfg.missing ?? 'dflt');
console.log(cfg.timeout || 30);
let z = null;
z ??= 'set';
console.log(z);
