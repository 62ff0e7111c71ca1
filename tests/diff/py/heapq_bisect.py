import heapq, bisect
tasks = [(3, "write"), (1, "plan"), (4, "test"), (2, "code"), (5, "ship")]
heapq.heapify(tasks)
order = []
while tasks:
    order.append(heapq.heappop(tasks)[1])
print(order)
print(heapq.nlargest(3, [5, 1, 8, 3, 9, 2]), heapq.nsmallest(2, ["pear", "fig", "apple"], key=len))
grades = [60, 70, 80, 90]
def grade(score):
    return "FDCBA"[bisect.bisect(grades, score)]
print([grade(s) for s in (33, 60, 75, 89, 90, 100)])
xs = [1, 3, 5]
bisect.insort(xs, 4)
print(xs, bisect.bisect_left(xs, 3), bisect.bisect_right(xs, 3))
print(list(heapq.merge([1, 4, 7], [2, 5, 8], [3, 6])))
