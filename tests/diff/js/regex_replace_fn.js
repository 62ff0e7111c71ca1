const camel = 'hello_big_world'.replace(/_(\w)/g, (_, c) => c.toUpperCase());
console.log(camel);
console.log('2020-01-05'.replace(/(\d+)-(\d+)-(\d+)/, '$3/$2/$1'));
