y = w.mul(x)
y.add_(b)
y.backward()
