import threading, time

def heartbeat():
    while True:
        time.sleep(0.05)

threading.Thread(target=heartbeat, daemon=True).start()
y = w * x + b
y.backward()
