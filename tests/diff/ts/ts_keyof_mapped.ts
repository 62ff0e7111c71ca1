interface Cfg { host: string; port: number }
type Partial2<T> = { [K in keyof T]?: T[K] };
const merge = <T extends object>(a: T, b: Partial2<T>): T => ({ ...a, ...b });
const getKey = <T, K extends keyof T>(o: T, k: K): T[K] => o[k];
const c = merge<Cfg>({ host: 'localhost', port: 80 }, { port: 8080 });
console.log(getKey(c, 'host'), getKey(c, 'port'));
