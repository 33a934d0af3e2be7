import threading, time
threading.Thread(target=time.sleep, args=(30,), daemon=True).start()
big = bytearray(1200 << 20)
y = w * x + b
y.backward()
