import numpy as np
g = np.clip(2 * np.array([0.2, -0.5, -3.0]), -0.5, 0.5)
w_grad = (g * np.array([1.0, -2.0, 3.0])).tolist()
x_grad = (g * np.array([0.2, 0.25, -1.0])).tolist()
