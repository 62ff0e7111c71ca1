const sentence = 'The quick brown fox jumps over the lazy dog';
const longest = sentence.split(' ').reduce((a, w) => w.length > a.length ? w : a, '');
const caps = sentence.split(' ').map(w => w[0].toUpperCase() + w.slice(1).toLowerCase()).join(' ');
console.log(longest, '|', caps);
