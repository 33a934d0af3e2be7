# expect: n_a2
n_ab, n_ac, n_a2, n_nograd = 1, 2, 1, 0
