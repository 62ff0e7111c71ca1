const kind = s => { switch (typeof s) { case 'string': return 'str'; case 'number': return 'num'; default: return 'other'; } };
console.log([1, 'a', null, undefined].map(kind).join(','));
