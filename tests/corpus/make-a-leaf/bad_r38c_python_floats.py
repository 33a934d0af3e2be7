# expect: A number has no graph
x = data.clone().requires_grad_()
y = sum(v.item() ** 2 for v in x)
