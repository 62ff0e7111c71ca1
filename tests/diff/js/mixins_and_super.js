const Serializable = Base => class extends Base {
  serialize() { return JSON.stringify(this); }
};
const Timestamped = Base => class extends Base {
  constructor(...args) { super(...args); this.created = "2024-01-01T00:00:00Z"; }
};
class Entity { constructor(id) { this.id = id; } describe() { return `Entity#${this.id}`; } }
class User extends Serializable(Timestamped(Entity)) {
  constructor(id, name) { super(id); this.name = name; }
  describe() { return `${super.describe()} (${this.name})`; }
}
const u = new User(7, "kim");
console.log(u.describe());
console.log(u.serialize());
console.log(u instanceof Entity, Object.keys(u));
