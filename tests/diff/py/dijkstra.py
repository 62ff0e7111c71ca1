import heapq
graph = {
    "A": {"B": 4, "C": 2},
    "B": {"C": 5, "D": 10},
    "C": {"E": 3},
    "D": {"F": 11},
    "E": {"D": 4},
    "F": {},
}
def dijkstra(src):
    dist = {n: float("inf") for n in graph}
    prev = {}
    dist[src] = 0
    pq = [(0, src)]
    while pq:
        d, u = heapq.heappop(pq)
        if d > dist[u]:
            continue
        for v, w in graph[u].items():
            if d + w < dist[v]:
                dist[v], prev[v] = d + w, u
                heapq.heappush(pq, (d + w, v))
    return dist, prev
dist, prev = dijkstra("A")
print(dist)
path, n = [], "F"
while n:
    path.append(n)
    n = prev.get(n)
print(" -> ".join(reversed(path)))
