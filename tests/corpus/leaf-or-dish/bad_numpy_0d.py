# expect: a_leaf
import numpy as np
a_leaf, b_leaf, c_leaf = np.array(True), np.array(False), np.array(True)
