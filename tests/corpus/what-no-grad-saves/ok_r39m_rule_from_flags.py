def n_saved_mul(p, q):
    # p is saved when q needs a gradient, and the other way round
    return int(q.requires_grad) + int(p.requires_grad)

n_ab = n_saved_mul(a, b)
n_ac = n_saved_mul(a, c)
n_a2 = 0
n_nograd = 0
