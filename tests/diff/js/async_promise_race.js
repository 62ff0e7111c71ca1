const wait = (ms, v) => new Promise(r => setTimeout(() => r(v), ms));
Promise.race([wait(50, 'slow'), wait(5, 'fast')]).then(v => console.log('winner', v));
