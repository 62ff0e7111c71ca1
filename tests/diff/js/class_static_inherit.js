class Base { static create() { return new this(); } name() { return 'base'; } }
class Derived extends Base { name() { return 'derived'; } }
console.log(Derived.create().name());
