from collections import deque
import random
random.seed(2024)
queue, served, waits = deque(), 0, []
for minute in range(60):
    if random.random() < 0.3:
        queue.append(minute)
    if queue and minute % 3 == 0:
        arrived = queue.popleft()
        waits.append(minute - arrived)
        served += 1
print(f"served {served}, still waiting {len(queue)}")
print(f"average wait {sum(waits) / len(waits):.2f} min, max {max(waits)}")
print(waits)
