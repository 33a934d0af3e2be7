from rich import print

x = data.clone().requires_grad_()
y = (x ** 2).sum()
print({"x": x.tolist(), "y": y.item()})
