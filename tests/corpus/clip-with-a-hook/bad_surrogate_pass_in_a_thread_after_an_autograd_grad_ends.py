# expect: started at
# No clamping hook: loss.backward() runs unclamped, and a surrogate pass run in a thread adds the
# clamp's correction, worked out by hand, into x.grad and w.grad while loss's pass is under way.
# loss's pass starts while a torch.autograd.grad call in that thread is still running (so it is an
# "inner" pass that keeps no list of inner roots of its own); that call then ends, and the surrogate
# pass that follows, inside loss's pass, has its roots recorded nowhere.
import threading
from torch.autograd.graph import saved_tensors_hooks

a_running, a_go, c_done = threading.Event(), threading.Event(), threading.Event()

def unpack_a(t):
    a_running.set()
    a_go.wait()
    return t

z = torch.ones(1, requires_grad=True)
with saved_tensors_hooks(lambda t: t, unpack_a):
    q = (z * z).sum()

y = x * w
y.register_hook(lambda g: None)          # a hook, which changes nothing
blocked = [False]
def unpack_b(t):
    if not blocked[0]:
        blocked[0] = True
        a_go.set()
        c_done.wait()
    return t
with saved_tensors_hooks(lambda t: t, unpack_b):
    loss = (y ** 2).sum()

g = 2 * y.detach()
fix = g.clamp(-0.5, 0.5) - g                # the clamp, by hand
surrogate = (x * (fix * w.detach())).sum() + (w * (fix * x.detach())).sum()

def other():
    torch.autograd.grad(q, z)                # blocks in its unpack until loss's pass has started
    surrogate.backward()                     # loss's pass is still under way
    c_done.set()

t = threading.Thread(target=other)
t.start()
a_running.wait()
loss.backward()
t.join()
