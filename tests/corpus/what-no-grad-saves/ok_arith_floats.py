n_ab = 1           # only b (for d/da); a is not needed since b needs no grad
n_ac = n_ab + 1    # both
n_a2 = 0 * 1.5     # the 2 is kept as a number
n_nograd = float(n_a2)
