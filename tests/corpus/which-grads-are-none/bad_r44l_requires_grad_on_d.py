# expect: with the values that trial's inputs give
# thinks every tensor in the loss gets a grad (d was multiplied in)
a_none = a.grad is None
b_none = b.grad is None
c_none = not c.requires_grad
d_none = False
