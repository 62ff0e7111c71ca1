class Emitter {
  constructor() { this.handlers = new Map(); }
  on(ev, fn) { if (!this.handlers.has(ev)) this.handlers.set(ev, []); this.handlers.get(ev).push(fn); return this; }
  emit(ev, ...args) { (this.handlers.get(ev) ?? []).forEach(fn => fn(...args)); }
}
const e = new Emitter();
e.on('greet', n => console.log(`hello ${n}`)).on('greet', n => console.log(`bye ${n}`));
e.emit('greet', 'sam');
e.emit('none');
