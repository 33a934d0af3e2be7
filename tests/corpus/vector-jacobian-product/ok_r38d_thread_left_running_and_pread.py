# A right answer that leaves a daemon thread running (a progress ticker) and reads a file with os.pread.
import os, threading, time
ticks = []
def _tick():
    while True:
        ticks.append(1)
        time.sleep(0.01)
threading.Thread(target=_tick, daemon=True).start()
with open("notes.txt", "wb") as f:
    f.write(b"Threads: vjp\n")
fd = os.open("notes.txt", os.O_RDONLY)
header = os.pread(fd, 8, 0)
os.close(fd)
y = torch.tanh(x) * x.cumsum(0)
y.backward(gradient=v)
