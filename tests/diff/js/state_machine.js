const transitions = { idle: { start: 'running' }, running: { pause: 'paused', stop: 'idle' }, paused: { resume: 'running', stop: 'idle' } };
let state = 'idle';
for (const ev of ['start', 'pause', 'resume', 'stop', 'pause']) {
  const next = transitions[state]?.[ev];
  console.log(`${state} --${ev}--> ${next ?? '(ignored)'}`);
  if (next) state = next;
}
