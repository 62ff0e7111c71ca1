// TypeScript enums through the subset lowering (subset_ts.js, SbxEnum):
// numbers with reverse mappings, strings without, auto-increment after a
// literal and after a computed member, merged and const enums.
enum Dir { Up, Down, Left = 10, Right }
enum Color { Red = 'RED', Green = 'GREEN', Blue = `BLUE` }
enum Bits { None = 0, A = 1 << 0, B = 1 << 1, Both = 3, Neg = -2, After }
enum Mixed { 'first-key' = 1, second = 'two', third = 3 }
const enum Tier { Low = 1, Mid, High }
enum Dir { Diagonal = 20 }
declare enum Ambient { Nothing }
function label(d: Dir): string { return Dir[d] ?? 'none'; }
console.log(Dir, Color, Bits, Mixed);
console.log(Dir.Up, Dir[1], label(Dir.Right), label(42), Dir.Diagonal, Dir[20]);
console.log(Object.keys(Color), Object.values(Bits).filter(v => typeof v === 'number'));
console.log(Tier.Mid + Tier.High, Bits.After, Bits[Bits.Neg], Mixed['first-key'], Mixed[1]);
for (const k in Color) console.log(k, Color[k as keyof typeof Color]);
