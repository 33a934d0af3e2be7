from rich import print as rprint
rprint({"a": 1})
x = data.clone().requires_grad_()
y = (x ** 2).sum()
