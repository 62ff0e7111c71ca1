function defaultTo<T>(d: T) {
  return (_: undefined, ctx: ClassFieldDecoratorContext) => (v: T) => {
    console.log(`init ${String(ctx.name)}`);
    return v ?? d;
  };
}
class Settings {
  @defaultTo("light") theme?: string;
  @defaultTo(12) fontSize?: number = undefined;
}
const s = new Settings();
console.log(s.theme, s.fontSize, JSON.stringify(s));
