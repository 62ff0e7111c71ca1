console.log('before');
function fail() { throw new TypeError('bad thing'); }
try { fail(); } catch (e) { console.log(e.name + ': ' + e.message); }
