# expect: grad of x
# a signal handler of the code's runs between two instructions of the main thread, inside a pass too, where
# no check follows (a timer or a thread of the code's sends the signal): the pass is the code's (NOTE [code
# the interpreter runs inside a pass])
import signal
def handler(signum, frame):
    pass
signal.signal(signal.SIGUSR1, handler)
loss = (x * a + x.exp()).sum()
loss.backward()
