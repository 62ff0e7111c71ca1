print("never runs")
def broken(:
    pass
