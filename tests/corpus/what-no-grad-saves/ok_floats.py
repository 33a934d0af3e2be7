n_ab = 1.0   # only b is saved (for d/da)
n_ac = 2.0   # both factors
n_a2 = 0.0   # the 2 is a Python number
n_nograd = 0.0
