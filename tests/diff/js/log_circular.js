const a = { name: "a" };
a.self = a;
const b = { name: "b", friend: a };
a.friend = b;
console.log(a);
const list = [1, 2];
list.push(list);
console.log(list);
