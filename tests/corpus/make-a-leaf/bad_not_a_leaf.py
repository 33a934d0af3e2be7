# expect: x.is_leaf
x = data.clone().requires_grad_() * 1
y = (x ** 2).sum()
