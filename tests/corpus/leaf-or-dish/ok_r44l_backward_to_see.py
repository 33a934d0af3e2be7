# a leaf is what receives .grad after backward, so test it
b.sum().backward()
a_leaf = a.grad is not None and a.grad_fn is None
b_leaf = b.grad_fn is None
c_leaf = c.grad_fn is None
