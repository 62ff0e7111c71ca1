// Code written without semicolons: a statement the lowering starts with (
// must not continue the one before, and a body without its last semicolon
// gets what the lowering appends on its own.
const obj = { run() { console.log('ran') } }
let c = null
const x = String(1)
obj?.run()
c ??= 5
console.log(c)
const cache = {}
cache['k'] ??= []
cache.k.push(1)
console.log(cache)
class A extends Object { constructor() { super(); this.v = 1 } }
console.log(new A().v)
if (x) obj?.run()
const t = `${x}`
;[c] = [7]
console.log(c, t, f(1, 2,))
function f(a, b,) { return a + b }
