# expect: n_ac
# "a product always saves one tensor"
n_ab, n_ac, n_a2, n_nograd = 1, 1, 0, 0
