// A class declared twice is an early SyntaxError: nothing runs.
console.log('never printed');
class Shape {}
class Shape {}
