import asyncio
async def producer(q, n):
    for i in range(n):
        await q.put(i)
        print(f"produced {i}")
    await q.put(None)
async def consumer(q):
    total = 0
    while (item := await q.get()) is not None:
        total += item
        print(f"consumed {item}")
    return total
async def main():
    q = asyncio.Queue(maxsize=2)
    _, total = await asyncio.gather(producer(q, 5), consumer(q))
    print("total", total)
asyncio.run(main())
