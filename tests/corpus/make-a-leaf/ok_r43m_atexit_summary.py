import atexit
x = data.clone().requires_grad_()
y = (x ** 2).sum()
atexit.register(lambda: print(f"finished, y = {y.item():.3f}"))
