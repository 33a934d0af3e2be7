# numpy strings (np.str_, a subclass of str) holding the right names
import numpy as np
table = np.array([["ExpBackward0", "AddBackward0"], ["MulBackward0", "AccumulateGrad"]])
root_name, next_name = table[0]
add_inputs = [table[1, 0], None]
mul_inputs = [table[1, 1]] * 2
