# expect: w_grad
# clamps to [0, 0.5]: negatives lost
g = [min(max(v, 0.0), 0.5) for v in (0.4, -1.0, -6.0)]
w_grad = [gi * xi for gi, xi in zip(g, (1.0, -2.0, 3.0))]
x_grad = [gi * wi for gi, wi in zip(g, (0.2, 0.25, -1.0))]
