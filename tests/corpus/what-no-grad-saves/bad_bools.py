# expect: n_ab
n_ab, n_ac, n_a2, n_nograd = True, 2, False, False
