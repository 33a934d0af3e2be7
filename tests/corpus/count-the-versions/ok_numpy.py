import numpy as np
t_version, u_version, v_version = np.int64(3), np.int32(3), np.int64(1)
