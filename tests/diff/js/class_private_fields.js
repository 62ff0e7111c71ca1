class Account {
  #balance = 0;
  deposit(n) { this.#balance += n; return this; }
  get balance() { return this.#balance; }
}
const a = new Account().deposit(50).deposit(25);
console.log(a.balance);
