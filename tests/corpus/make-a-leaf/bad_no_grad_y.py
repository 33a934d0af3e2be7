# expect: graph of y
x = data.clone().requires_grad_()
with torch.no_grad():
    y = (x ** 2).sum()
