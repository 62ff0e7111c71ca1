// Tagged templates, static blocks, methods beside spread, named groups.
function tag(strings, ...values) {
  return strings.raw.join('|') + ' / ' + strings.join('|') + ' / ' + values.join(',') + ' ' + Object.isFrozen(strings);
}
const who = 'world';
console.log(tag`hello ${who}\n and ${1 + 1}!`);
const sites = [];
function remember(s) { sites.push(s); return s.length; }
for (let i = 0; i < 2; i++) remember`same site ${i}`;
console.log(sites[0] === sites[1], String.raw`a\tb${2}c`);
const fmt = { pre: '>', t(strings, v) { return this.pre + strings[0] + v; } };
console.log(fmt.t`value: ${42}`);
class Config {
  static defaults;
  static { this.defaults = { retries: 3 }; Config.ready = true; }
  static count = Config.defaults.retries * 2;
}
console.log(Config.defaults, Config.ready, Config.count);
const base = { a: 1 };
const merged = { ...base, greet() { return 'hi ' + this.a; } };
console.log(merged.greet(), merged.greet.name, Object.keys(merged));
const m = '2024-05-06'.match(/(?<y>\d{4})-(?<mo>\d{2})-(?<d>\d{2})/);
console.log(m.groups.y, m.groups.mo, m.groups.d, '2024-05-06'.replace(/(?<y>\d+)-(?<m>\d+)-(?<d>\d+)/, '$<d>/$<m>/$<y>'));
