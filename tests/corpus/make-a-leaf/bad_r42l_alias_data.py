# expect: is the same tensor, so `x.requires_grad_()` changes `data`
x = data
x.requires_grad_()
y = (x ** 2).sum()
