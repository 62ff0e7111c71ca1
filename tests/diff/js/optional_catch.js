function parse(s) { try { return JSON.parse(s); } catch { return 'invalid'; } }
console.log(parse('{"a":1}').a, parse('{oops'));
