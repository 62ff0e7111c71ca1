console.log('5'.padStart(3, '0'), 'ab'.padEnd(5, '.') + '|');
console.log('  x  '.trimStart() + '|', '|' + '  y  '.trimEnd());
console.log('a-b-c'.replaceAll('-', '+'), 'Hello'.startsWith('He'), 'Hello'.endsWith('lo'));
console.log('abc'.repeat(2), 'Hello'.includes('ell'));
