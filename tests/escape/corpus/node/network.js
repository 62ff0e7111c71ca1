// The network under --engine node: a TCP connect to the host's listener
// (loopback), a DNS lookup and an HTTP request out, the host's pathname
// UNIX listener. Every one must fail.
// sbx-args: --engine node -t 60
// sbx-expect: ok
// sbx-want: BLOCKED
const net = require('net');
const dns = require('dns');
const http = require('http');
function v(bad, what, why) { console.log((bad ? 'ESCAPED ' : 'BLOCKED ') + what + (why ? ': ' + why : '')); }
function tcp(host, port) {
	return new Promise((done) => {
		const s = net.connect({ host, port, timeout: 3000 });
		s.on('connect', () => { v(true, 'tcp ' + host + ':' + port); s.destroy(); done(); });
		s.on('timeout', () => { v(false, 'tcp ' + host + ':' + port, 'timeout'); s.destroy(); done(); });
		s.on('error', (e) => { v(false, 'tcp ' + host + ':' + port, e.code); done(); });
	});
}
function unix(path) {
	return new Promise((done) => {
		const s = net.connect({ path });
		s.on('connect', () => { v(true, 'unix ' + path); s.destroy(); done(); });
		s.on('error', (e) => { v(false, 'unix ' + path, e.code); done(); });
	});
}
(async () => {
	await tcp('127.0.0.1', inputs.port);
	await tcp('1.1.1.1', 53);
	await unix(inputs.sock);
	await new Promise((done) => dns.lookup('example.com', (e, a) => { v(!e, 'dns example.com', e ? e.code : a); done(); }));
	await new Promise((done) => {
		const r = http.get({ host: '93.184.215.14', port: 80, path: '/', timeout: 3000 }, () => { v(true, 'http'); done(); });
		r.on('timeout', () => { v(false, 'http', 'timeout'); r.destroy(); done(); });
		r.on('error', (e) => { v(false, 'http', e.code); done(); });
	});
})();
