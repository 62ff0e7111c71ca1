const key = 'dyn';
const x = 1, y = 2;
const o = { x, y, [key + 'amic']: true, [`k${x + y}`]: 'three', method() { return this.x + this.y; } };
console.log(JSON.stringify(o), o.method());
