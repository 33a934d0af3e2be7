# ok: a learner's own time limit on a loop, its timer left armed and its handler left in place
import signal
import time

ticks = []
signal.signal(signal.SIGALRM, lambda *_: ticks.append(time.monotonic()))
signal.setitimer(signal.ITIMER_REAL, 0.001, 0.001)
x = data.clone().requires_grad_()
y = (x ** 2).sum()
