# expect: shape_x
import numpy as np
shape_x = np.array([6, 2, 6, 4])
shape_W = np.array([6, 2, 2, 4])
shape_b = np.array([6, 2, 2])
