// --engine node: the caller's environment and sbx's memory through other
// processes' /proc files (issue 26): the pid namespace's init is a fork of
// sbx; its environ, cmdline, maps and mem, and those of every other process
// the code can reach, show nothing of sbx's arguments or the caller's
// environment (inputs.secret_env names a variable set in sbx's).
// sbx-args: --engine node -t 60
// sbx-expect: ok
// sbx-want: BLOCKED
const fs = require('fs');
const me = process.pid;
function mine(pid) {
	for (let i = 0; i < 64 && pid > 1; i++) {
		if (pid === me) return true;
		try {
			const s = fs.readFileSync('/proc/' + pid + '/stat', 'latin1');
			pid = Number(s.slice(s.lastIndexOf(')') + 2).split(' ')[1]);
		} catch (e) { return false; }
	}
	return pid === me;
}
let pids = [1, Number(inputs.pid)];
try { pids = pids.concat(fs.readdirSync('/proc').filter((p) => /^[0-9]+$/.test(p)).map(Number)); }
catch (e) { console.log('BLOCKED list /proc: ' + e.code); }
for (const pid of [...new Set(pids)].sort((x, y) => x - y)) {
	if (mine(pid)) continue;
	for (const what of ['environ', 'cmdline', 'maps']) {
		const p = '/proc/' + pid + '/' + what;
		let s;
		try { s = fs.readFileSync(p, 'latin1'); } catch (e) { console.log('BLOCKED ' + p + ': ' + e.code); continue; }
		if (s.includes(inputs.secret_env) || s.includes('sbxsecret')) console.log('ESCAPED the secret in ' + p);
		else if (what !== 'cmdline' && s.replace(/\0/g, '') !== '') console.log('ESCAPED read ' + p);
		else console.log('note: ' + p + ' has no secret');
	}
	const p = '/proc/' + pid + '/mem';
	try { fs.closeSync(fs.openSync(p, 'r')); console.log('ESCAPED opened ' + p); }
	catch (e) { console.log('BLOCKED ' + p + ': ' + e.code); }
}
