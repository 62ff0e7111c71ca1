// TypeScript with BigInt and lookbehind: sbx lowers it for node and runs it
// there, as a typed program that needs them expects.
type Money = { cents: bigint; currency: string };
const add = (a: Money, b: Money): Money => ({ cents: a.cents + b.cents, currency: a.currency });
const total: Money = [10n, 250n, 99999999999999999n].map((c): Money => ({ cents: c, currency: "EUR" })).reduce(add);
console.log(total.cents, `${total.cents / 100n}.${(total.cents % 100n).toString().padStart(2, "0")}`);
const tags: string[] = "#one #two x#three".match(/(?<=\s|^)#\w+/g) ?? [];
console.log(tags);
