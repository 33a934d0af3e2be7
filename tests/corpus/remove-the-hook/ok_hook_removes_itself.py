# ok: a one-shot hook that takes itself off the first time it runs
def once(g):
    handle.remove()
    return g * 100

handle = w.register_hook(once)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()

w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
