// The host's files under --engine node: the user's secret in their home,
// its directory, /root, /home, /etc/shadow, and sbx's own state directory;
// node's fs is all there, the sandbox is the wall.
// sbx-args: --engine node -t 60
// sbx-expect: ok
// sbx-want: BLOCKED
const fs = require('fs');
const path = require('path');
function v(bad, what, why) { console.log((bad ? 'ESCAPED ' : 'BLOCKED ') + what + (why ? ': ' + why : '')); }
const name = inputs.secret_env;
v(name in process.env || Object.values(process.env).some((x) => String(x).includes('sbxsecret')), 'env');
try { fs.readFileSync(inputs.home); v(true, 'read ' + inputs.home); } catch (e) { v(false, inputs.home, e.code); }
for (const p of [path.dirname(inputs.home), '/root', '/home']) {
	try {
		const l = fs.readdirSync(p);
		v(l.length > 0 && p !== '/home', 'listed ' + p, l.join(','));
	} catch (e) { v(false, p, e.code); }
}
try { fs.readFileSync('/etc/shadow'); v(true, 'read /etc/shadow'); } catch (e) { v(false, '/etc/shadow', e.code); }
// Written to the sandbox's /tmp: the driver checks the host's has no such file.
try { fs.writeFileSync('/tmp/sbx-esc-left-node', 'x'); } catch (e) { v(false, '/tmp', e.code); }
console.log('TMPDIR=' + (process.env.TMPDIR || ''));
