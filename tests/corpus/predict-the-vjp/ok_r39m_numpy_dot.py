import numpy as np
x0, x1 = 2.0, 3.0
Jn = np.array([[x1, x0], [1.0, 1.0], [0.0, 2 * x1]])
v = np.array([1.0, 2.0, -1.0])
J = Jn.tolist()
grad_x = np.dot(v, Jn).tolist()
