class InsufficientFunds(Exception):
    def __init__(self, needed, available):
        super().__init__(f"need {needed}, have {available}")
        self.needed, self.available = needed, available

class Account:
    def __init__(self, balance=0):
        self.balance = balance
    def withdraw(self, amount):
        if amount > self.balance:
            raise InsufficientFunds(amount, self.balance)
        self.balance -= amount
        return self.balance

acct = Account(100)
for amt in (30, 50, 40):
    try:
        print("left", acct.withdraw(amt))
    except InsufficientFunds as e:
        print("error:", e, e.needed - e.available)
    finally:
        print("balance now", acct.balance)
try:
    int("x")
except (ValueError, TypeError) as e:
    print(type(e).__name__, e.args)
else:
    print("no error")
