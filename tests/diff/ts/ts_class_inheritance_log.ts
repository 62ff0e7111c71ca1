class Animal {
  static count = 0;
  constructor(public name: string, protected sound = "...") { Animal.count++; }
  speak(): string { return `${this.name} says ${this.sound}`; }
}
class Dog extends Animal {
  constructor(name: string, public tricks: string[] = []) { super(name, "woof"); }
  override speak(): string { return `${super.speak()}!${this.tricks.length ? ` (knows ${this.tricks.join(", ")})` : ""}`; }
}
class Puppy extends Dog { override speak() { return super.speak().replace("woof", "yip"); } }
const pets: Animal[] = [new Animal("generic"), new Dog("rex", ["sit"]), new Puppy("bit")];
pets.forEach(p => console.log(p.speak()));
console.log(Animal.count, pets[1]);
console.log(pets.map(p => p.constructor.name));
