const s = 'John: 555-1234, Jane: 555-9876';
const re = /(\w+): (\d{3}-\d{4})/g;
let m;
while ((m = re.exec(s)) !== null) console.log(m[1], m[2]);
console.log(s.replace(/\d/g, '#'));
