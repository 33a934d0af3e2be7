import numpy as np
t_version = np.float32(3)
u_version = np.uint8(3)
v_version = np.int16(1)
