class PaymentError(Exception):
    """Raised when a payment cannot be processed."""
class CardDeclined(PaymentError):
    def __init__(self, card, reason):
        super().__init__(f"card ending {card[-4:]} declined: {reason}")
def charge(card, amount):
    if amount > 1000:
        raise CardDeclined(card, "limit exceeded")
    return f"charged {amount}"
print(charge("4111111111111111", 50))
print(charge("4111111111111111", 5000))
