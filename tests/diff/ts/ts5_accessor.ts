function clamp(min: number, max: number) {
  return function (target: ClassAccessorDecoratorTarget<any, number>, ctx: ClassAccessorDecoratorContext<any, number>): ClassAccessorDecoratorResult<any, number> {
    return {
      set(v: number) { target.set.call(this, Math.min(max, Math.max(min, v))); },
      init(v: number) { return Math.min(max, Math.max(min, v)); },
    };
  };
}
class Volume {
  @clamp(0, 10) accessor level = 15;
  accessor label = "vol";
}
const v = new Volume();
console.log(v.level, v.label);
v.level = -3;
console.log(v.level);
v.level = 7;
v.label = "loud";
console.log(v.level, v.label);
