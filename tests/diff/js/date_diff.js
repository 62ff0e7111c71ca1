const a = new Date('2024-01-01T00:00:00Z');
const b = new Date('2024-03-01T00:00:00Z');
const days = (b - a) / 86400000;
console.log(`days=${days}`);
console.log(JSON.stringify({ when: a }));
