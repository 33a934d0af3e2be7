import warnings


def short_warning(message, category, filename, lineno, file=None, line=None):
    print(f"[{category.__name__}] {message}")


warnings.showwarning = short_warning
x = data.clone().requires_grad_()
y = (x ** 2).sum()
