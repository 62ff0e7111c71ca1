const people = [
  { name: "Alice", age: 31, city: "Paris" },
  { name: "Bob", age: 27, city: "Berlin" },
  { name: "Chen", age: 45 },
];
console.table(people);
console.table([[1, 2], [3, 4]]);
console.table({ a: { x: 1 }, b: { y: 2 } });
console.table(people, ["name"]);
