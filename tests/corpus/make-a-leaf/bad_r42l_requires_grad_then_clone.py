# expect: is not a leaf
x = data.requires_grad_().clone()
y = (x ** 2).sum()
