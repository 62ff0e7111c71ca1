# IndentationError: python3 draws one caret under the first token
def greet():
print("hello")
