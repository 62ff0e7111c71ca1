class Point { constructor(public x: number, public y: number, private label = 'p') {} toString() { return `${this.label}(${this.x},${this.y})`; } }
console.log(`${new Point(1, 2)}`, JSON.stringify(new Point(3, 4)));
