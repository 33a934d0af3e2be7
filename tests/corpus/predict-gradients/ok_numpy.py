import numpy as np
dw = np.float64(3.0)
dx = np.float32(2.0)
db = np.int64(1)
