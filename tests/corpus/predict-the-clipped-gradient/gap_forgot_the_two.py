# expect: w_grad
# misconception: d(y**2)/dy = y (forgot the 2); the clamp hides it for these numbers
xs = [1.0, -2.0, 3.0]
ws = [0.5, 0.25, -1.0]
g = [max(-0.5, min(0.5, xi * wi)) for xi, wi in zip(xs, ws)]
w_grad = [gi * xi for gi, xi in zip(g, xs)]
x_grad = [gi * wi for gi, wi in zip(g, ws)]
