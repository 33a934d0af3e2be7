# Round 29's audit: an in-place experiment whose backward raised, caught, then the real pass: the
# observers' hooks of the failed pass are taken off with it.
y = x * w
y.register_hook(lambda grad: grad.clamp(-0.5, 0.5))
loss = (y ** 2).sum()
# an experiment first: an in-place change breaks backward
a = x.exp()
b = a * w
a.add_(1)
try:
    b.sum().backward()
except RuntimeError:
    print("in-place change broke backward, as expected")
loss.backward()
