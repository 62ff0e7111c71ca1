function logged<This, Args extends any[], R>(target: (this: This, ...args: Args) => R, context: ClassMethodDecoratorContext<This, (this: This, ...args: Args) => R>) {
  const name = String(context.name);
  return function (this: This, ...args: Args): R {
    console.log(`-> ${name}(${args.join(", ")})`);
    const result = target.call(this, ...args);
    console.log(`<- ${name} = ${result}`);
    return result;
  };
}
class Calculator {
  @logged add(a: number, b: number) { return a + b; }
  @logged square(x: number) { return x * x; }
}
const c = new Calculator();
console.log(c.add(2, 3) + c.square(4));
