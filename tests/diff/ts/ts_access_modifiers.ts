class Account {
  private balance = 0;
  protected readonly owner: string;
  constructor(owner: string) { this.owner = owner; }
  public deposit(n: number): this { this.balance += n; return this; }
  get total(): number { return this.balance; }
}
console.log(new Account('x').deposit(10).deposit(5).total);
