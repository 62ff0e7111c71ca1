interface User { id: number; name: string; email?: string }
const users: User[] = [{ id: 1, name: 'ann' }, { id: 2, name: 'bob', email: 'b@x.io' }];
const describe = (u: User): string => `${u.id}:${u.name}${u.email ? ' <' + u.email + '>' : ''}`;
console.log(users.map(describe).join('; '));
