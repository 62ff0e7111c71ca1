const id = Symbol('id');
const o = { [id]: 123, name: 'x' };
console.log(o[id], Object.keys(o).join(), typeof id, id.toString());
