from collections import Counter
text = """The quick brown fox jumps over the lazy dog. The dog barks; the fox runs.
A quick brown dog? No, a lazy fox!"""
words = [w.strip(".,;?!").lower() for w in text.split()]
counts = Counter(words)
for word, n in counts.most_common(5):
    print(f"{word:<6} {n:>3} {'#' * n}")
print(len(counts), "distinct words")
print(counts["fox"], counts["cat"])
