class MathUtil {
  static square(x) { return x * x; }
  static get PI2() { return 6.28; }
}
MathUtil.counter = 5;
console.log(MathUtil.square(7), MathUtil.PI2, MathUtil.counter);
