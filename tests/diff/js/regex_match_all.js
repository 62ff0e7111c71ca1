const text = 'a1b22c333';
const nums = text.match(/\d+/g);
console.log(nums.join('|'));
console.log(/^[a-z]+$/i.test('Hello'), 'x-y-z'.split(/-/).length);
