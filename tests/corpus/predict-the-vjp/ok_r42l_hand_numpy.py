import numpy as np
x0, x1 = 2.0, 3.0
Jm = np.array([[x1, x0], [1.0, 1.0], [0.0, 2 * x1]])
vv = np.array([1.0, 2.0, -1.0])
J = Jm.tolist()
grad_x = (vv @ Jm).tolist()
