a_none = a.grad is None
b_none = b.grad is None
c_none = c.grad is None
d_none = d.grad is None
# tidy up like a training loop would
for t in (a, b):
    t.grad = None
