const Serializable = Base => class extends Base { serialize() { return JSON.stringify(this); } };
const Named = Base => class extends Base { hello() { return `hi ${this.name}`; } };
class Person { constructor(name) { this.name = name; } }
class Emp extends Serializable(Named(Person)) {}
const e = new Emp('zed');
console.log(e.hello(), e.serialize());
