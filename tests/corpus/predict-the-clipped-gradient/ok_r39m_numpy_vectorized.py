import numpy as np
X = np.array([1.0, -2.0, 3.0]); W = np.array([0.2, 0.25, -1.0])
g = np.clip(2 * X * W, -0.5, 0.5)
w_grad = list(map(float, g * X))
x_grad = list(map(float, g * W))
