# expect: `x` does not require grad
x = data.clone().requires_grad_()
y = (x ** 2).sum()
x = x.detach()
