from contextlib import contextmanager

@contextmanager
def magnified(t, factor):
    handle = t.register_hook(lambda g: g * factor)
    try:
        yield
    finally:
        handle.remove()

with magnified(w, 100):
    loss1 = (w ** 2).sum()
    loss1.backward()
first = w.grad.clone()

w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
