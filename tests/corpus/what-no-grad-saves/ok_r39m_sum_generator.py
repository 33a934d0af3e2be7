answers = {"n_ab": 1, "n_ac": 2, "n_a2": 0, "n_nograd": 0}
n_ab = sum(1 for _ in range(answers["n_ab"]))
n_ac = sum(1 for _ in range(answers["n_ac"]))
n_a2 = sum(1 for _ in range(answers["n_a2"]))
n_nograd = sum(1 for _ in range(answers["n_nograd"]))
