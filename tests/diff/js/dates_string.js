const d = new Date(Date.UTC(2001, 8, 9, 1, 46, 40));
console.log(String(d));
console.log(d.toString());
console.log(d.toDateString(), "|", d.toJSON());
console.log(`${d}`);
