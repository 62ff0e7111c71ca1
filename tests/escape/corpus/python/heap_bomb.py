# Heap: grow a list of 1 MiB blocks past the memory limit.
# sbx-args: -m 64M -t 10
# sbx-expect: memory_limit
print("start")
a = []
while True:
    a.append(bytearray(1 << 20))
