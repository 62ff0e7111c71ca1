new Promise(res => res(2))
  .then(x => x * 3)
  .then(x => { throw new Error('at ' + x); })
  .catch(e => e.message)
  .then(m => console.log(m))
  .finally(() => console.log('fin'));
