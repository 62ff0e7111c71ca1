console.log('1 sync');
setTimeout(() => console.log('5 timeout'), 0);
Promise.resolve().then(() => console.log('3 micro')).then(() => console.log('4 micro2'));
console.log('2 sync');
