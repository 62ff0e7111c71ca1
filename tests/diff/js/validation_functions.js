const rules = {
  username: v => /^[a-z][a-z0-9_]{2,15}$/.test(v) || "3-16 chars, lowercase, starts with a letter",
  email: v => /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(v) || "not an email",
  age: v => (Number.isInteger(v) && v >= 13 && v <= 120) || "must be 13-120",
};
function validate(obj) {
  return Object.entries(rules).flatMap(([k, rule]) => { const r = rule(obj[k]); return r === true ? [] : [`${k}: ${r}`]; });
}
const cases = [
  { username: "neo_1", email: "neo@matrix.io", age: 37 },
  { username: "1bad", email: "nope", age: 12.5 },
  { username: "ok_name", email: "x@y.co", age: 200 },
];
cases.forEach((c, i) => { const errs = validate(c); console.log(`case ${i}:`, errs.length ? errs : "valid"); });
