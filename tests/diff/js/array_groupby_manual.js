const words = ['apple', 'avocado', 'banana', 'blueberry', 'cherry'];
const groups = {};
for (const w of words) (groups[w[0]] ||= []).push(w);
console.log(JSON.stringify(groups));
