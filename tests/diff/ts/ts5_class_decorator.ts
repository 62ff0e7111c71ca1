const registry: string[] = [];
function register(value: Function, context: ClassDecoratorContext) {
  registry.push(String(context.name));
  context.addInitializer(function () { console.log("initialized", String(context.name)); });
}
function bound(value: Function, context: ClassMethodDecoratorContext) {
  context.addInitializer(function (this: any) { this[context.name] = this[context.name].bind(this); });
}
@register
class Greeter {
  constructor(private who: string) {}
  @bound greet() { return `hello ${this.who}`; }
}
@register class Other {}
const { greet } = new Greeter("world");
console.log(greet(), registry);
