# expect: square
# value from data; x tied on with x*0 and gradient 2x faked through a detached factor
x = data.clone().requires_grad_()
y = (data ** 2).sum() + (x * 0).sum() + (2 * x.detach() * (x - x.detach())).sum()
