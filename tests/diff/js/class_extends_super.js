class Animal {
  constructor(name) { this.name = name; }
  speak() { return `${this.name} makes a sound`; }
}
class Dog extends Animal {
  constructor(name, breed) { super(name); this.breed = breed; }
  speak() { return `${super.speak()} - woof (${this.breed})`; }
}
const d = new Dog('Rex', 'lab');
console.log(d.speak());
console.log(d instanceof Dog, d instanceof Animal);
