// sbx run examples/hello.js -i name=Ada
// console output streams as it comes; the value of the last expression
// (or of a top-level `return`) is the result, printed last as JSON.
var name = inputs.name || 'world';
console.log('Hello, %s!', name);
console.log({ greeting: 'hello', to: name, letters: name.split('') });
setTimeout(function () { console.log('a timer fired'); }, 10);
({ greeted: name, length: name.length });
