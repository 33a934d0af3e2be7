t = torch.zeros(4, dtype=torch.float64)
u = t.view(2, 2)
t.add_(1)
u[0, 0] = 3.0
t.mul_(2)
v = t * 2
v.add_(1)
t_version = int(t._version)
u_version = int(u._version)
v_version = int(v._version)
del t, u, v
