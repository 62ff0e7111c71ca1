class User {
  constructor(name, age) { this.name = name; this.age = age; }
  toJSON() { return { n: this.name, a: this.age }; }
}
console.log(JSON.stringify([new User('ann', 30), new User('bob', 25)]));
