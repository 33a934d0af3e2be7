import numpy as np
n_ab, n_ac, n_a2, n_nograd = np.int64(1), np.int64(2), np.int64(0), np.int64(0)
