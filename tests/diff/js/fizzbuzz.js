const fb = n => n % 15 === 0 ? 'FizzBuzz' : n % 3 === 0 ? 'Fizz' : n % 5 === 0 ? 'Buzz' : `${n}`;
console.log(Array.from({ length: 15 }, (_, i) => fb(i + 1)).join(' '));
