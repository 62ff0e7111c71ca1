function tag(strings, ...vals) {
  return strings.raw.map((s, i) => s + (i < vals.length ? `[${vals[i]}]` : '')).join('');
}
const a = 1, b = 'two';
console.log(tag`a=${a} b=${b}!`);
