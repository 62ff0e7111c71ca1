// Duktape issue #2391 through the lowering: let/const, arrows, classes and
// template literals become ES5 functions whose variables are registers.
const results = [];
const show = (label, v) => results.push(`${label}=${JSON.stringify(v)}`);

function letPostDec() { let e = 5; return e * e--; }
function letAssign() { let a = 1; return a + (a = 10); }
const arrow = () => { let a = 1; return a - ++a; };
const arrowParam = (n) => n * (n -= 1);
function blockScoped() {
  let total = 0;
  for (let i = 0; i < 3; i++) {
    let x = i + 1;
    total += x * x-- + x;
  }
  return total;
}
class Counter {
  constructor() { this.n = 0; }
  step() { let v = 4; return v + (v *= 2) + this.n++; }
}
function template() { let a = 1; return `${a + (a = 2)}:${a}`; }
function destructured() { let [p, q] = [2, 3]; return p * (p = q) + p; }
function closureUpdate() {
  let count = 1;
  const bump = () => { count += 10; return count; };
  return count + bump() + count;
}
function exponent() { let b = 2; return b ** (b = 3); }

show('letPostDec', letPostDec());
show('letAssign', letAssign());
show('arrow', arrow());
show('arrowParam', arrowParam(5));
show('blockScoped', blockScoped());
show('class', new Counter().step());
show('template', template());
show('destructured', destructured());
show('closureUpdate', closureUpdate());
show('exponent', exponent());

let top = 5;
show('top-level let', top * top--);
const obj = { n: 1 };
let m = 1;
show('top-level member', m + (obj.n = m = 4) + obj.n);
console.log(results.join('\n'));
