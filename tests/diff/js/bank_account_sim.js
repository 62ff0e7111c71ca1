class InsufficientFunds extends Error { constructor(need) { super(`need ${need} more`); this.name = 'InsufficientFunds'; } }
class Account {
  constructor(owner, balance = 0) { Object.assign(this, { owner, balance }); this.history = []; }
  withdraw(n) { if (n > this.balance) throw new InsufficientFunds(n - this.balance); this.balance -= n; this.history.push(-n); return this; }
  deposit(n) { this.balance += n; this.history.push(n); return this; }
}
const acct = new Account('kim', 100);
acct.deposit(50).withdraw(30);
try { acct.withdraw(500); } catch (e) { console.log(e.name, e.message, e instanceof InsufficientFunds); }
console.log(acct.balance, acct.history.join(','));
