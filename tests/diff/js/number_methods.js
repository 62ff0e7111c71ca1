console.log(Number.isInteger(5), Number.isInteger(5.5), Number.isFinite(1 / 0), Number.isNaN(NaN));
console.log(parseFloat('3.14abc'), Number('42'), (1234.5678).toFixed(1), (255).toString(16));
console.log(Number.MAX_SAFE_INTEGER, Number.EPSILON > 0);
