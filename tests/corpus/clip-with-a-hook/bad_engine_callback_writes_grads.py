# expect: grad of
# a hook on y that changes nothing, but queues a callback that writes .grad at the end of the pass
y = x * w
loss = (y ** 2).sum()
dy = (2 * y).detach().clamp(-0.5, 0.5)
def fix():
    x.grad.copy_(dy * w.detach())
    w.grad.copy_(dy * x.detach())
def log(g):
    torch.autograd.Variable._execution_engine.queue_callback(fix)
y.register_hook(log)
loss.backward()
