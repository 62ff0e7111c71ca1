print("calling exit(2)")
exit(2)
print("unreachable")
