# expect: y
x = data.clone().requires_grad_()
y = sum(v.item() ** 2 for v in x)
