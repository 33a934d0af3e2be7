"""Gradients of y = w * x + b: dy/dw = x, dy/dx = w, dy/db = 1."""
print(__doc__)
y = w * x + b
y.backward()
