const escape = s => String(s).replace(/[&<>"']/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
const html = (strings, ...vals) => strings.reduce((out, s, i) => out + s + (i < vals.length ? escape(vals[i]) : ""), "");
const user = { name: "<script>alert('x')</script>", age: 30 };
console.log(html`<p>${user.name} is ${user.age}</p>`);
const items = ["a & b", "c"];
console.log(`<ul>${items.map(i => html`<li>${i}</li>`).join("")}</ul>`);
function tag(strings, ...keys) { return { strings: [...strings], raw: strings.raw, keys }; }
console.log(tag`a${1}b\n${2}`);
