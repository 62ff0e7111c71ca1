from itertools import groupby
def rle(s):
    return "".join(f"{len(list(g))}{k}" for k, g in groupby(s))
def unrle(s):
    import re
    return "".join(ch * int(n) for n, ch in re.findall(r"(\d+)(\D)", s))
for s in ["WWWWWWWWWWWWBWWWWWWWWWWWWBBBWWWWWWWWWWWWWWWWWWWWWWWWBWWWWWWWWWWWWWW", "abc", "aabbbcccc"]:
    e = rle(s)
    print(e, unrle(e) == s)
