# expect: a graded run is sandboxed
import asyncio


async def main():
    global loss
    loss = (x * a + x.exp()).sum()
    await asyncio.sleep(0)
    loss.backward()


asyncio.run(main())
