import numpy as np
a_none = np.bool_(False)
b_none = np.bool_(False)
c_none = np.bool_(True)
d_none = np.bool_(True)
