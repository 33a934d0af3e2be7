# expect: y changes with x as a sum of squares does
# wrong: y is sum of squares at its pass, then changed in place to 0*y + x.data (gradient data, not 2x); same object
x = data.clone().requires_grad_()
y = (x ** 2).sum()
y.backward()
x.grad = None
y.mul_(0).add_((x * data).sum())
