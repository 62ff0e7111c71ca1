type Role = 'admin' | 'user';
const perms: Record<Role, string[]> = { admin: ['read', 'write'], user: ['read'] };
const pick = <T, K extends keyof T>(o: T, ...ks: K[]): Pick<T, K> => Object.fromEntries(ks.map(k => [k, o[k]])) as Pick<T, K>;
console.log(JSON.stringify(perms), JSON.stringify(pick({ a: 1, b: 2, c: 3 }, 'a', 'c')));
