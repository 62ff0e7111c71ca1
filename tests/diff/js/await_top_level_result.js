const v = await Promise.resolve(21);
console.log('got', v);
v * 2
