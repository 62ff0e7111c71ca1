const data = { name: 'x', list: [1, 2, { deep: true }], n: null };
const s = JSON.stringify(data);
const back = JSON.parse(s);
console.log(s);
console.log(back.list[2].deep, JSON.stringify(back, null, 2).split('\n').length);
