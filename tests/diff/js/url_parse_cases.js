// URL parsing and setters against node: special and opaque schemes, hosts,
// ports, percent-encoding, dot segments, backslashes, invalid inputs.
const cases = ['http://a.b/c?d#e', 'http://A.B', 'https://x.y:8443', 'ws://h:80/', 'ftp://u@h:21/f', 'http://h/%7Efoo', 'http://h/a b?c d#e f',
 'http://h/ä?ä#ä', 'http://h/a/../../b', 'http://h:99999', 'http://:80', 'http://h:abc/', 'data:text/plain,hi there', 'javascript:alert(1)',
 'git://github.com/a/b.git', 'file:///C:/x/y', 'file://localhost/etc', 'http://h\\a\\b', 'http://h/?q="<>`\'', 'http://[::1]:3000/x',
 'http://user:p@ss@h/', 'HTTP://H/%2e%2E/x', 'http://h/a/.', 'http://h/a/..', 'blob:https://a.b/uuid', 'urn:isbn:123', 'http://h?',
 'http://h#', 'http://h/x?#', ' http://h/ ', 'http://h/\ttab'];
for (const c of cases) {
  try { const u = new URL(c); console.log(JSON.stringify(c), u.href, u.host, u.pathname, u.search, u.hash, u.origin); }
  catch (e) { console.log(JSON.stringify(c), 'ERR', e.code); }
}
const u = new URL('http://h.test:81/p?a=1#x');
u.port = '80'; console.log(u.href); u.port = ''; u.hostname = 'other.test'; console.log(u.href);
u.host = 'n.test:99'; console.log(u.href); u.protocol = 'https'; console.log(u.href); u.username = 'me'; u.password = 's e'; console.log(u.href);
u.href = 'http://z.test/'; console.log(u.href, u.searchParams.size);
const sp = u.searchParams; u.search = '?k=v'; console.log(sp.get('k')); sp.append('m', 'n'); console.log(u.href);
