# A program whose last expression is a list whose JSON passes the output
# limit: python3 prints what it printed and exits 0; so must sbx.
squares = [i * i for i in range(400_000)]
print(len(squares), squares[-1])
squares
