var d = new Date(Date.UTC(2000, 0, 1, 0, 0, 0));
console.log(d.getTime(), d.toISOString());
d.setUTCDate(d.getUTCDate() + 59);
console.log(d.toISOString());
var ms = Date.UTC(2024, 11, 25) - Date.UTC(2024, 0, 1);
console.log(Math.round(ms / (1000 * 60 * 60 * 24)));
console.log(Math.floor(-2.5), Math.round(-2.5), Math.round(2.5), Math.ceil(-0.5), Math.trunc(-4.7));
console.log(Math.abs(-3), Math.sign(-3), Math.pow(2, 10), Math.sqrt(2), Math.min());
