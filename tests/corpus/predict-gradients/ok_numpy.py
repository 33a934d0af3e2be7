import numpy as np
dw = np.float64(-2.0)
dx = np.float32(5.0)
db = np.int64(1)
