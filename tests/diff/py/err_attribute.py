class User:
    def __init__(self, name):
        self.name = name
u = User("kim")
print(u.name)
print(u.email.lower())
