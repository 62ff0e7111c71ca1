// Globals Duktape has and node does not must not be visible: a program
// that fails under node fails the same way here.
console.log(typeof print, typeof CBOR, typeof Duktape);
try {
  print('hello');
} catch (e) {
  console.log(e.name, e.message);
}
print('never');
