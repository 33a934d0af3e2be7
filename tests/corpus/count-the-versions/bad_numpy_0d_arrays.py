# expect: t_version
import numpy as np
t_version, u_version, v_version = np.array(3), np.array(3), np.array(1)
