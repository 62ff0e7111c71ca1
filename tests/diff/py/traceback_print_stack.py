# traceback.print_stack() and extract_stack() show the program's frames
# only, its module's first, as python3 FILE does.
import traceback


def inner():
    traceback.print_stack()
    return [f.name for f in traceback.extract_stack()]


def outer():
    return inner()


print(outer())
