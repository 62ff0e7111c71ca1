// A rejection with a plain object: node names it as V8 does without
// calling the program's code, "#<Object>".
console.log('start');
Promise.reject({ status: 500, reason: 'server' });
