function Animal(name) { this.name = name; }
Animal.prototype.speak = function () { return this.name + " makes a sound"; };
function Dog(name, breed) { Animal.call(this, name); this.breed = breed; }
Dog.prototype = Object.create(Animal.prototype);
Dog.prototype.constructor = Dog;
Dog.prototype.speak = function () { return Animal.prototype.speak.call(this) + " (woof)"; };
var d = new Dog("Rex", "collie");
console.log(d.speak());
console.log(d instanceof Animal, d.constructor.name, Object.keys(d));
console.log(d);
for (var k in d) console.log("key", k);
