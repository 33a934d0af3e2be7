import numpy as np
x0, x1 = x.tolist()
Jn = np.array([[x1, x0], [1, 1], [0, 2 * x1]])
v = np.array([1.0, 2.0, -1.0])
J = Jn.tolist()
grad_x = (v @ Jn).tolist()
