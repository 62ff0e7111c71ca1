// A let read before its declaration, uncaught: node's ReferenceError.
console.log('start');
console.log(count);
let count = 1;
