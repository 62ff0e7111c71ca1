# Heap: grow a list of 1 MiB blocks past the memory limit, held by a
# function's local (sbx frees it before it reports, so the report survives).
# sbx-args: -m 64M -t 10
# sbx-expect: memory_limit
def grow():
    a = []
    while True:
        a.append(bytearray(1 << 20))


print("start")
grow()
