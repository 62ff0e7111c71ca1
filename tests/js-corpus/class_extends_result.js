class A { constructor(x) { this.x = x; } }
class B extends A {}
class C extends B { constructor() { super(7); this.y = 1; } }
const b = new B(3);
console.log(b.x, new C().x, b instanceof A);
b.x + new C().y
