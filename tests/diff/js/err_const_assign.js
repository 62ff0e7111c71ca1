// An uncaught assignment to a constant: node's TypeError, exit 1, after
// what was printed before it.
const total = 10;
console.log('before', total);
total = 11;
console.log('never');
