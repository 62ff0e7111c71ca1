// Code that picks its own engine: a BigInt literal makes sbx run this under
// node with no --engine (src/run/engine_choice.c), and node's sandbox must
// then be the one --engine node gets: the host's files, its network, a
// process of the host's user and the host's environment stay out of reach.
// sbx-args: -t 60
// sbx-expect: ok
// sbx-want: BLOCKED
// sbx-jq: .engine == "node" and (.engine_reason | contains("BigInt literal"))
const big = 2n ** 64n;
const fs = require('fs');
const net = require('net');
const { execFileSync } = require('child_process');
function v(bad, what, why) { console.log((bad ? 'ESCAPED ' : 'BLOCKED ') + what + (why ? ': ' + why : '')); }
v(Object.values(process.env).some((x) => String(x).includes('sbxsecret')), 'env');
try { fs.readFileSync(inputs.home); v(true, 'read ' + inputs.home); } catch (e) { v(false, inputs.home, e.code); }
try { fs.readFileSync('/etc/shadow'); v(true, 'read /etc/shadow'); } catch (e) { v(false, '/etc/shadow', e.code); }
try { process.kill(inputs.victim, 'SIGKILL'); v(true, 'kill ' + inputs.victim); } catch (e) { v(false, 'kill ' + inputs.victim, e.code); }
try {
	execFileSync('/bin/cat', [inputs.home], { stdio: 'pipe' });
	v(true, 'cat ' + inputs.home);
} catch (e) { v(false, 'cat ' + inputs.home, e.code || 'status ' + e.status); }
const s = net.connect({ host: '127.0.0.1', port: inputs.port, timeout: 3000 });
s.on('connect', () => { v(true, 'tcp ' + inputs.port); s.destroy(); });
s.on('timeout', () => { v(false, 'tcp', 'timeout'); s.destroy(); });
s.on('error', (e) => { v(false, 'tcp', e.code); console.log('BLOCKED ran ' + String(big).length + ' digits'); });
