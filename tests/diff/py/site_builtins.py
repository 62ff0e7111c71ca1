# What site.py puts in builtins (python3 imports site): help, copyright,
# credits and license, besides exit and quit.
import builtins

for name in ("help", "copyright", "credits", "license", "exit", "quit"):
    print(name, hasattr(builtins, name), type(getattr(builtins, name, None)).__name__)
print(repr(help))
print(repr(credits))
print(repr(license))
print(str(copyright).splitlines()[0])
