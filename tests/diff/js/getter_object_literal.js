const rect = { w: 3, h: 4, get area() { return this.w * this.h; } };
console.log(rect.area);
rect.w = 10;
console.log(rect.area);
