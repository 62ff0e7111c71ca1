// A fork bomb under --engine node: child processes (node itself and sh)
// that each start more, until the run's limits stop them; none may
// outlive the run (the driver checks no `sleep TOKEN` is left).
// sbx-args: --engine node -t 3
// sbx-expect: timeout|memory_limit|ok|error
// sbx-want: started
const { spawn } = require('child_process');
console.log('started');
let n = 0;
function more() {
	for (let i = 0; i < 8; i++) {
		try {
			const c = spawn('/bin/sh', ['-c', 'sleep ' + inputs.token + ' & sleep ' + inputs.token], { detached: true, stdio: 'ignore' });
			c.on('error', () => {});
			n++;
		} catch (e) { /* EAGAIN: the limit */ }
	}
	setImmediate(more);
}
more();
