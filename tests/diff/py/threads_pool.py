from concurrent.futures import ThreadPoolExecutor
import threading
def work(n):
    return sum(i * i for i in range(n))
with ThreadPoolExecutor(max_workers=4) as ex:
    print(list(ex.map(work, [10, 100, 1000, 10000])))
lock = threading.Lock()
counter = 0
def inc():
    global counter
    for _ in range(1000):
        with lock:
            counter += 1
ts = [threading.Thread(target=inc) for _ in range(4)]
for t in ts: t.start()
for t in ts: t.join()
print("counter", counter)
