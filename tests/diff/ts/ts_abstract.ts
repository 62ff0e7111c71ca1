abstract class Animal { abstract sound(): string; speak() { return `${this.constructor.name} says ${this.sound()}`; } }
class Cat extends Animal { sound() { return 'meow'; } }
class Cow extends Animal { sound() { return 'moo'; } }
for (const a of [new Cat(), new Cow()]) console.log(a.speak());
