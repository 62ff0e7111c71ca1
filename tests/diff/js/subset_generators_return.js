// Generators on the subset lowering: throw(), return() and finally blocks,
// closing what a for-of or yield* is in, re-entry, errors.
const log = (...a) => console.log(...a);

function* worker() {
  try {
    let got = yield 'ready';
    while (true) got = yield `got ${got}`;
  } finally {
    log('worker cleanup');
  }
}
const w = worker();
log(w.next(), w.next('a'), w.return('bye'), w.next());
const w2 = worker(); w2.next();
try { w2.throw(new Error('injected')); } catch (e) { log('caught outside:', e.message); }
log(w2.next());

// before the start and after the end
function* never() { log('never runs'); yield 1; }
const n1 = never(); log(n1.return(5), n1.next());
const n2 = never(); try { n2.throw(new Error('before start')); } catch (e) { log('caught', e.message); } log(n2.next());
const n3 = never(); n3.next(); n3.next(); log(n3.return(6)); try { n3.throw('str'); } catch (e) { log('caught', e); }

// finally: return in it wins, a throw in it replaces, a yield in it pauses the return
function* overrides() { try { yield 1; } finally { return 'from finally'; } }
const o = overrides(); o.next(); log(o.return('x'), o.next());
function* throwsInFinally() { try { yield 1; } finally { throw new Error('finally threw'); } }
const tf = throwsInFinally(); tf.next(); try { tf.return(1); } catch (e) { log('caught', e.message); } log(tf.next());
function* yieldsInFinally() { try { yield 1; } finally { yield 'cleanup step'; log('after cleanup'); } }
const yf = yieldsInFinally(); yf.next(); log(yf.return('ret'), yf.next(), yf.next());
function* nested() { try { try { yield 'deep'; } finally { log('inner finally'); } } finally { log('outer finally'); } }
const ne = nested(); ne.next(); log(ne.return('r'));

// return() or throw() while in a for-of closes the iterator it runs over
function* source() { try { yield 1; yield 2; } finally { log('source closed'); } }
function* relay() { try { for (const v of source()) yield v * 10; } finally { log('relay closed'); } }
const re = relay(); log(re.next(), re.return('R'));
const re2 = relay(); re2.next(); try { re2.throw(new Error('E')); } catch (e) { log('caught', e.message); }
const closeThrows = () => ({ [Symbol.iterator]() { return this; }, next() { return { value: 1, done: false }; }, return() { throw new Error('close threw'); } });
function* over(it) { for (const v of it) yield v; }
const ov = over(closeThrows()); ov.next();
try { log(ov.return('r')); } catch (e) { log('return() threw', e.message); }
const ov2 = over(closeThrows()); ov2.next();
try { ov2.throw(new Error('thrown in')); } catch (e) { log('throw() threw', e.message); }

// yield* passes next values, throw() and return() on to the inner iterator
function* sink() { try { while (true) log('sink got', yield); } finally { log('sink closed'); } }
function* fwd() { yield* sink(); }
const f = fwd(); f.next(); f.next('a'); f.next('b'); log(f.return('done'));
const inner = {
  i: 0,
  [Symbol.iterator]() { return this; },
  next(v) { log('inner next', v); return { value: this.i++, done: this.i > 3, extra: true }; },
  return(v) { log('inner return', v); return { value: 'r:' + v, done: true }; },
};
function* fwd2() { const r = yield* inner; log('yield* gave', r); return 'end'; }
const f2 = fwd2(); log(f2.next('x'), f2.next('A'), f2.next('B'), f2.next('C'), f2.next());
inner.i = 0; const f3 = fwd2(); f3.next(); log(f3.return('Q'));
inner.i = 0; const f4 = fwd2(); f4.next();
try { f4.throw(new Error('T')); } catch (e) { log(e.constructor.name, e.message); }
const handles = {
  [Symbol.iterator]() { return this; },
  next() { return { value: 1, done: false }; },
  throw(e) { log('inner throw', e); return { value: 'handled', done: true }; },
};
function* fwd3() { const r = yield* handles; log('after', r); yield 'more'; }
const f5 = fwd3(); f5.next(); log(f5.throw('X'), f5.next());
const noReturn = { [Symbol.iterator]() { return this; }, next() { return { value: 1, done: false }; } };
function* fwd4() { try { yield* noReturn; } finally { log('fwd4 finally'); } }
const f6 = fwd4(); f6.next(); log(f6.return(9));
for (const bad of [5, null, undefined, {}]) {
  try { (function* () { yield* bad; })().next(); } catch (e) { log(e.constructor.name, e.message); }
}
try { (function* () { yield* { [Symbol.iterator]() { return { next: () => 3 }; } }; })().next(); } catch (e) { log(e.message); }

// destructuring closes, re-entry is an error, an error ends the generator
function* tracked() { try { yield 'a'; yield 'b'; yield 'c'; } finally { log('tracked closed'); } }
const [p, q] = tracked();
log(p, q);
function* reenter() { try { self.next(); } finally { log('reenter finally'); } yield 1; }
const self = reenter();
try { self.next(); } catch (e) { log(e.constructor.name, e.message); }
log(self.next());
function* faulty() { yield 1; null.x; }
const fa = faulty(); fa.next();
try { fa.next(); } catch (e) { log('threw', e instanceof TypeError); }
log(fa.next());
