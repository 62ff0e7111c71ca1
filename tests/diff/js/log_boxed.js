console.log([new Number(3), new String("s"), new Boolean(false)]);
console.log([null, undefined].map(String));
console.log(new Date(NaN).getTime(), String(new Date(NaN)));
