# ok: a look at x.grad after backward, then cleared
x = data.clone().requires_grad_()
y = (x ** 2).sum()
y.backward()
print(x.grad)
x.grad = None  # clean up after looking
