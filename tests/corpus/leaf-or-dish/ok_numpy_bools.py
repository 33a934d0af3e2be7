import numpy as np
a_leaf, b_leaf, c_leaf = np.bool_(True), np.bool_(False), np.bool_(True)
