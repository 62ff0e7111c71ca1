var a = "=>" + '`' + /=>/g.source; // => ` class
/* let x = 1 */ var b = a / 2 / 3;
