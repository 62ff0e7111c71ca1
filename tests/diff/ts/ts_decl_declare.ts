declare const VERSION: string | undefined;
declare function external(): void;
const v: string = typeof VERSION === 'undefined' ? 'dev' : VERSION;
console.log(v);
