// A class is only constructed: calling it throws V8's TypeError.
class A { constructor(x) { this.x = x; } }
class B extends A { constructor() { super(1); } }
class C {}
class D extends A {}
const E = class {};
console.log(new B().x, new D(5).x, new C() instanceof C, new E() instanceof E);
for (const K of [A, B, C, D, E]) {
  try { K(); } catch (e) { console.log(e.name, e.message); }
}
class F extends Error { constructor(m) { super(m); this.name = 'F'; } }
console.log(new F('x').message, new F('y') instanceof F);
try { F('z'); } catch (e) { console.log(e.message); }
console.log(Reflect.construct(A, [3]).x);
