const s = 'héllo wörld';
console.log(s.toUpperCase(), s.length);
console.log([...'abc'].reverse().join(''));
console.log('z'.codePointAt(0), String.fromCodePoint(65, 66));
