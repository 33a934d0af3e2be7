# expect: n_ab
n_ab, n_ac, n_a2, n_nograd = "1", "2", "0", "0"
