function fmt(x: number): string;
function fmt(x: string): string;
function fmt(x: number | string): string { return typeof x === 'number' ? x.toFixed(1) : x.toUpperCase(); }
console.log(fmt(3), fmt('abc'));
