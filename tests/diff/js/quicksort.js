const qs = ([p, ...rest]) => p === undefined ? [] : [...qs(rest.filter(x => x < p)), p, ...qs(rest.filter(x => x >= p))];
console.log(qs([5, 3, 8, 1, 9, 2, 7]).join(' '));
