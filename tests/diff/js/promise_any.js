Promise.any([Promise.reject(new Error('a')), Promise.resolve('b'), Promise.resolve('c')]).then(v => console.log('any', v));
