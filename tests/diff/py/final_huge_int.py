# A final expression whose value has more digits than int's str limit
# (4300): the program succeeded, so does the run (python3 shows nothing).
x = 2 ** 20000
print(x.bit_length(), x % 1000003)
x * 3
