const user = { name: 'Ann', age: 31, address: { city: 'Oslo' } };
const { name, age, address: { city } } = user;
console.log(name, age, city);
