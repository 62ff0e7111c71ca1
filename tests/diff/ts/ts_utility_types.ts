interface User { id: number; name: string; email: string; admin: boolean }
type PublicUser = Pick<User, "id" | "name">;
type UserDraft = Partial<User>;
type ReadonlyUser = Readonly<User>;
const u: User = { id: 1, name: "ana", email: "ana@x.org", admin: false };
const toPublic = ({ id, name }: User): PublicUser => ({ id, name });
const draft: UserDraft = { name: "draft" };
const frozen: ReadonlyUser = Object.freeze({ ...u });
console.log(toPublic(u), draft, frozen);
type Getters<T> = { [K in keyof T as `get${Capitalize<string & K>}`]: () => T[K] };
const getters = Object.fromEntries(Object.entries(u).map(([k, v]) => [`get${k[0].toUpperCase()}${k.slice(1)}`, () => v])) as Getters<User>;
console.log(getters.getName(), getters.getAdmin());
const keys: (keyof User)[] = ["id", "email"];
console.log(keys.map(k => u[k]));
