import asyncio
async def fetch(name, delay):
    await asyncio.sleep(delay)
    print(f"fetched {name}")
    return name.upper()
async def main():
    results = await asyncio.gather(fetch("a", 0.03), fetch("b", 0.01), fetch("c", 0.02))
    print(results)
    try:
        await asyncio.wait_for(fetch("slow", 1), timeout=0.05)
    except asyncio.TimeoutError:
        print("timed out")
    q = asyncio.Queue()
    for i in range(3):
        q.put_nowait(i)
    while not q.empty():
        print("item", await q.get())
asyncio.run(main())
