// An uncaught error with a cause: node prints [cause] after the frames.
function loadConfig(text) {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error('config unreadable', { cause: e });
  }
}
console.log('loading');
loadConfig('{');
