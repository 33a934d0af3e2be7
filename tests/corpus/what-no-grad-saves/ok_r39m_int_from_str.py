n_ab, n_ac, n_a2, n_nograd = map(int, "1 2 0 0".split())
