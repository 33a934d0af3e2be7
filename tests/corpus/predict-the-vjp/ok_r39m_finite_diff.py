def f(t0, t1):
    return [t0 * t1, t0 + t1, t1 ** 2]

p = [2.0, 3.0]
h = 1e-3
J = [[0.0, 0.0] for _ in range(3)]
for j in range(2):
    up = list(p); up[j] += h
    dn = list(p); dn[j] -= h
    fu, fd = f(*up), f(*dn)
    for i in range(3):
        J[i][j] = (fu[i] - fd[i]) / (2 * h)
v = [1.0, 2.0, -1.0]
grad_x = [sum(v[i] * J[i][j] for i in range(3)) for j in range(2)]
