import operator
globals().update({f"{name}_none": operator.is_(t.grad, None) for name, t in zip("abcd", (a, b, c, d))})
