import numpy as np
xs = np.array([1.0, -2.0, 3.0])
ws = np.array([0.2, 0.25, -1.0])
y = xs * ws
g = np.clip(2 * y, -0.5, 0.5)
w_grad = (g * xs).tolist()
x_grad = (g * ws).tolist()
print("w_grad", w_grad, "x_grad", x_grad)
