function Shape(n) { this.n = n; }
Shape.prototype.describe = function () { return 'shape ' + this.n; };
function Sq(s) { Shape.call(this, 'square'); this.s = s; }
Sq.prototype = Object.create(Shape.prototype);
Sq.prototype.constructor = Sq;
Sq.prototype.area = function () { return this.s * this.s; };
var q = new Sq(3);
console.log(q.describe(), q.area(), q instanceof Shape);
