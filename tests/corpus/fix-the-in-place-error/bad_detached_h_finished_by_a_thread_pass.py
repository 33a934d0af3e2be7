# expect: started at
# h is detached (loss also holds 0 * w, so that its pass reaches w) (no gradient through the sigmoid); the missing part of x.grad and all of w.grad are
# worked out by hand and carried by a surrogate pass in a thread, run while loss's pass is under way,
# after a torch.autograd.grad call that loss's pass started inside has ended.
import threading
from torch.autograd.graph import saved_tensors_hooks

a_running, a_go, c_done = threading.Event(), threading.Event(), threading.Event()
def unpack_a(t):
    a_running.set(); a_go.wait(); return t
z = torch.ones(1, requires_grad=True)
with saved_tensors_hooks(lambda t: t, unpack_a):
    q = (z * z).sum()

h = (2 * torch.sigmoid(x * w)).detach()
blocked = [False]
def unpack_b(t):
    if not blocked[0]:
        blocked[0] = True
        a_go.set(); c_done.wait()
    return t
with saved_tensors_hooks(lambda t: t, unpack_b):
    loss = (h * x).sum() + (0 * w).sum()

s = torch.sigmoid(x * w).detach()
d = 2 * s * (1 - s) * x.detach()             # d h / d(xw) * x, by hand
surrogate = (x * (d * w.detach())).sum() + (w * (d * x.detach())).sum()

def other():
    torch.autograd.grad(q, z)
    surrogate.backward()
    c_done.set()
t = threading.Thread(target=other); t.start()
a_running.wait()
loss.backward()
t.join()
