function* inner() { yield 'a'; yield 'b'; return 'r'; }
function* outer() { const r = yield* inner(); yield r; yield 'c'; }
console.log([...outer()].join(''));
