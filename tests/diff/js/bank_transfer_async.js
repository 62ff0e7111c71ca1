class InsufficientFunds extends Error {}
class Account {
  constructor(owner, balance = 0) { this.owner = owner; this.balance = balance; this.history = []; }
  async withdraw(amount) {
    await Promise.resolve();
    if (amount > this.balance) throw new InsufficientFunds(`${this.owner} has only ${this.balance}`);
    this.balance -= amount; this.history.push(-amount);
  }
  async deposit(amount) { await Promise.resolve(); this.balance += amount; this.history.push(amount); }
}
async function transfer(from, to, amount) {
  await from.withdraw(amount);
  await to.deposit(amount);
  return `${from.owner} -> ${to.owner}: ${amount}`;
}
(async () => {
  const a = new Account("ann", 100), b = new Account("bob", 20);
  console.log(await transfer(a, b, 60));
  try { await transfer(b, a, 500); } catch (e) { console.log(e.constructor.name, e.message, e instanceof InsufficientFunds); }
  console.log(a.balance, b.balance, a.history, b.history);
})();
