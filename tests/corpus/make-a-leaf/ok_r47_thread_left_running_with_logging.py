# ok: a progress logger on a thread of its own, left running, and an at-fork callback of the learner's
import logging
import os
import threading
import time

logging.basicConfig(level=logging.INFO)
os.register_at_fork(after_in_child=lambda: None)
stop = threading.Event()
threading.Thread(target=lambda: stop.wait(30), daemon=True).start()
x = data.clone().requires_grad_()
y = (x ** 2).sum()
logging.info("y = %s", y.item())
