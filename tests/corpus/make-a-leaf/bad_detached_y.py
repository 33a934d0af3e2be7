# expect: graph of y
x = data.clone().requires_grad_()
y = (x.detach() ** 2).sum()
