// The errors of let, const and class that ES5's var loses, where the code
// shows them: an assignment to a constant (=, op=, ++, in a for head) is
// node's TypeError after the right side ran; a use before the declaration
// in the same function (typeof too, a class too) is node's ReferenceError.
// A closure that runs after the declaration is fine.
const LIMIT = 3;
try { LIMIT = 4; } catch (e) { console.log(e.name, e.message); }
try { LIMIT += 1; } catch (e) { console.log(e.name, e.message); }
let calls = 0;
try { LIMIT = (calls++, 5); } catch (e) { console.log(e instanceof TypeError, calls); }
try {
  for (const i = 0; i < 3; i++) console.log('i', i);
} catch (e) {
  console.log(e.message);
}
try { console.log(later); } catch (e) { console.log(e.name, e.message); }
let later = 'set';
try { console.log(typeof notYet); } catch (e) { console.log(e.message); }
const notYet = 1;
try { new Shape(); } catch (e) { console.log(e.message); }
class Shape {}
function readsLater() { return late2; }
let late2 = 'fine after';
console.log(readsLater(), later, LIMIT, typeof notYet, new Shape() instanceof Shape);
{
  try { inner = 1; } catch (e) { console.log(e.message); }
  let inner;
}
const obj = { n: 1 };
obj.n = 2;
console.log(obj.n);
