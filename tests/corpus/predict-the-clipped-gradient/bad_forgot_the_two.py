# expect: w_grad
# misconception: d(y**2)/dy = y (forgot the 2); y = 0.2 tells it apart (the clamp hid it where every |2y| was over 0.5)
xs = [1.0, -2.0, 3.0]
ws = [0.2, 0.25, -1.0]
g = [max(-0.5, min(0.5, xi * wi)) for xi, wi in zip(xs, ws)]
w_grad = [gi * xi for gi, xi in zip(g, xs)]
x_grad = [gi * wi for gi, wi in zip(g, ws)]
