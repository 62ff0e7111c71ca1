// URL and URLSearchParams as programs use them: parsing and its parts,
// normalisation (case, default port, dot segments, percent-encoding),
// relative references, query parameters both ways, setters, JSON and
// inspect output, and an invalid URL's error.
const u = new URL('HTTPS://User:Pw@Example.COM:443/a/./b/../c d?q=1&x=a+b#Frag');
console.log(u.href);
console.log(u.protocol, u.username, u.password, u.host, u.hostname, u.port, u.pathname, u.search, u.hash, u.origin);
console.log(u.searchParams.get('x'), u.searchParams.get('q'), u.searchParams.has('nope'));
const api = new URL('/v1/items?page=2', 'http://api.test:8080/base/index.html');
console.log(api.toString(), api.port, api.origin);
for (const rel of ['other.html', '../up', '?only=query', '#hash', '//cdn.test/x.js', 'https://abs.test']) {
  console.log(rel, '=>', new URL(rel, 'http://h.test/dir/page.html?a=1#b').href);
}
const p = new URLSearchParams('a=1&b=2&a=3&empty=&sp=hello+world&enc=%E2%9C%93');
console.log(p.getAll('a'), p.get('sp'), p.get('enc'), p.get('empty'), p.get('missing'), p.size);
p.append('c', 'x y&z');
p.set('a', 'one');
p.delete('b');
console.log(p.toString());
p.sort();
console.log([...p.keys()].join(','), [...p.values()].length);
for (const [k, v] of new URLSearchParams({ name: 'Ada Lovelace', lang: 'en' })) console.log(k, '=', v);
const q = new URLSearchParams([['x', '1'], ['y', 'ü']]);
console.log(q.toString(), String(new URLSearchParams('?a=b')));
const built = new URL('https://search.test/find');
built.searchParams.set('term', 'café & co');
built.searchParams.append('n', 10);
built.hash = 'top';
console.log(built.href, built.search);
built.pathname = '/new path/';
built.search = '';
console.log(built.href);
console.log(JSON.stringify({ link: new URL('http://j.test/p') }));
console.log(new URL('file:///tmp/some%20file.txt').pathname, new URL('mailto:someone@example.com').pathname);
console.log(new URL('http://h.test/p?x=1').searchParams);
console.log(new URLSearchParams('a=1&b=2'), new URLSearchParams(''));
console.log(URL.canParse('nope'), URL.canParse('http://ok.test'), new URL('http://192.168.0.1:80/').host);
try {
  new URL('not a url');
} catch (e) {
  console.log(e.name, e.code, e.message, e.input);
}
console.log(new URL('https://example.org/path'));
