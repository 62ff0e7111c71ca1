class Countdown:
    def __init__(self, start):
        self.current = start
    def __iter__(self):
        return self
    def __next__(self):
        if self.current <= 0:
            raise StopIteration
        self.current -= 1
        return self.current + 1
print(list(Countdown(5)))
class Range2D:
    def __init__(self, w, h):
        self.w, self.h = w, h
    def __iter__(self):
        for y in range(self.h):
            for x in range(self.w):
                yield x, y
    def __len__(self):
        return self.w * self.h
    def __contains__(self, p):
        return 0 <= p[0] < self.w and 0 <= p[1] < self.h
r = Range2D(3, 2)
print(list(r), len(r), (2, 1) in r, (3, 0) in r)
it = iter([1, 2, 3])
print(next(it), list(it), next(it, "default"))
