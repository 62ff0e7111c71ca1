// TS 5.0 standard (TC39) decorators, TypeScript 5's default.
const calls: string[] = [];

function logged<This, Args extends unknown[], R>(
  target: (this: This, ...args: Args) => R,
  context: ClassMethodDecoratorContext<This, (this: This, ...args: Args) => R>,
) {
  const name = String(context.name);
  return function (this: This, ...args: Args): R {
    calls.push(`${name}(${args.join(', ')})`);
    return target.apply(this, args);
  };
}

function bound<This, T extends (...a: any[]) => any>(target: T, context: ClassMethodDecoratorContext<This, T>) {
  context.addInitializer(function (this: This) {
    (this as any)[context.name] = (target as any).bind(this);
  });
}

function doubled<This>(_: undefined, context: ClassFieldDecoratorContext<This, number>) {
  return (initial: number) => initial * 2;
}

function clamp(min: number, max: number) {
  return function <This>(target: ClassAccessorDecoratorTarget<This, number>, context: ClassAccessorDecoratorContext<This, number>) {
    return {
      set(this: This, v: number) { target.set.call(this, Math.min(max, Math.max(min, v))); },
      get(this: This) { return target.get.call(this); },
    };
  };
}

const registry: string[] = [];
function register<T extends abstract new (...args: any) => any>(cls: T, context: ClassDecoratorContext<T>) {
  registry.push(`${context.kind}:${String(context.name)}`);
}

@register
class Account {
  @doubled balance = 50;
  @clamp(0, 100) accessor level = 5;

  constructor(public owner: string) {}

  @logged deposit(n: number) { this.balance += n; return this.balance; }
  @bound describe() { return `${this.owner}: ${this.balance}`; }
}

const acct = new Account('ada');
console.log(acct.balance);
console.log(acct.deposit(25));
acct.level = 500;
console.log(acct.level);
acct.level = -3;
console.log(acct.level);
const d = acct.describe;
console.log(d());
console.log(calls, registry);
