// JSON.parse's errors in V8's words (node's): programs print e.message.
const cases = ['', ' ', '{bad', '[1,]', '{"a":1,}', '{"a" 1}', '{"a":1 "b":2}', '[1 2]', '"abc', '"a\u0001b"',
  '"\\x"', '"\\u12g4"', '"\\u00', '-', '-a', '1.', '1.e5', '1e', '1e+', '01', '[01]', '-01', 'tru', 'trux', 'nul',
  'undefined', 'NaN', '{', '[', '[1', '{"a"', '{"a":', '{"a":1', '{"a":1,', '"a" "b"', '1 2', '\t{"a":1}x',
  '{"abcdefghijklmnopqrstuvwxyz": x}', 'abcdefghijklmnopqrstuvwxyz', '[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, x]',
  '[1,,2]', '{,}', "{'a':1}", '[true, flase]', '{"a":[1,2}', '\u00a0 1', '1\n\n x', '"\\', '[-]', '{"a":tru}',
  '+1', '.5', '[0x10]', '"\t"', '{"a":1}}', '[1]]', '{"k":' + 'x'.repeat(30) + '}',
  '[' + '1,'.repeat(20) + 'x' + ',1'.repeat(20) + ']'];
for (const c of cases) {
  try {
    console.log('ok', JSON.stringify(JSON.parse(c)));
  } catch (e) {
    console.log(JSON.stringify(c), e instanceof SyntaxError, e.name + ': ' + e.message);
  }
}
console.log(JSON.parse.name, JSON.parse.length, JSON.parse('{"a":[1,{"b":null}]}', (k, v) => (v === null ? 0 : v)));
