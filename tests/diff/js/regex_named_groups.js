const re = /(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})/;
const m = "due 2024-09-15".match(re);
console.log(m.groups.year, m.groups.month, m.groups.day);
console.log("2024-09-15".replace(re, "$<day>/$<month>/$<year>"));
