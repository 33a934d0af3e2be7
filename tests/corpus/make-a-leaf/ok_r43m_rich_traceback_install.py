from rich.traceback import install
install()
x = data.clone().requires_grad_()
y = (x ** 2).sum()
