# A callable-class logging hook on x, removed with its handle after the backward
class Logger:
    def __init__(self):
        self.calls = 0

    def __call__(self, grad):
        self.calls += 1
        print(f"call {self.calls}: |grad| = {grad.norm():.4f}")


x = data.clone().requires_grad_()
logger = Logger()
h = x.register_hook(logger)
y = (x ** 2).sum()
y.backward()
h.remove()
assert logger.calls == 1
