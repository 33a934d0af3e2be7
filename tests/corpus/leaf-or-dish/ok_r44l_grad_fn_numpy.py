import numpy as np
flags = np.array([t.grad_fn is None for t in (a, b, c)])
a_leaf, b_leaf, c_leaf = (bool(f) for f in flags)
