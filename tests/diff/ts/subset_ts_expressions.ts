// TypeScript's expression syntax through the subset lowering: assertions,
// non-null, satisfies, generic calls and arrows, overloads, type-only
// declarations, optional and definite markers.
type Pair<A, B> = [A, B];
type Shape = { kind: 'circle'; r: number } | { kind: 'square'; s: number };
declare const process: any;
declare function missing(x: number): void;
function area(s: Shape): number;
function area(s: Shape, scale: number): number;
function area(s: Shape, scale = 1): number {
  return (s.kind === 'circle' ? Math.PI * s.r ** 2 : s.s * s.s) * scale;
}
const shapes = [{ kind: 'circle', r: 1 }, { kind: 'square', s: 2 }] satisfies Shape[];
const first = <Shape>shapes[0];
const last = shapes[shapes.length - 1] as unknown as Shape;
const total: number = shapes.reduce<number>((acc, s) => acc + area(s as Shape, 2), 0);
const swap = <A, B>([a, b]: Pair<A, B>): Pair<B, A> => [b, a];
const m = new Map<string, Pair<number, string>>([['k', [1, 'one']]]);
const got = m.get('k')!;
let later!: string;
later = 'set';
function isString(v: unknown): v is string { return typeof v === 'string'; }
function assertNum(v: unknown): asserts v is number { if (typeof v !== 'number') throw new TypeError('not a number'); }
const opt = (a: number, b?: number): string => `${a}:${b ?? 'none'}`;
const frozen = { a: 1, b: [2, 3] } as const;
try { assertNum('x'); } catch (e: unknown) { console.log((e as Error).message); }
console.log(first.kind, last.kind, total.toFixed(3), swap<number, string>([1, 'x']), got, later);
console.log(isString('s'), isString(1), opt(1), opt(1, 2), frozen, (later!).length);
const handler: (x: number) => string = (x) => String(x * 2);
console.log([1, 2].map<string>(handler), typeof missing === 'undefined' || 'declared');
function onlyThis(this: unknown,) { return 'only this'; }
function thisFirst(this: unknown, a: number, b?: number,) { return a + (b ?? 0); }
console.log(onlyThis(), thisFirst(1), thisFirst(1, 2), onlyThis.length, thisFirst.length);
