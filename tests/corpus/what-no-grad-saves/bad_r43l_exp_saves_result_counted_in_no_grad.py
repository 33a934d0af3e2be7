# expect: hidden trials only
# a*c saves both inputs, exp saves its result: 3, even under no_grad
n_ab = 1
n_ac = 2
n_a2 = 0
n_nograd = 3
