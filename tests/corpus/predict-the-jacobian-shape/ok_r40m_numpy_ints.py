import numpy as np
shape_x = tuple(np.array([6, 2, 6, 4]))
shape_W = tuple(int(n) for n in np.array([6, 2, 2, 4]))
shape_b = tuple(np.int64(n) for n in (6, 2, 2))
