# replayed on the meta device: no memory, same counters
t = torch.zeros(4, device="meta")
u = t.view(2, 2)
t.add_(1)
u[0, 0] = 3.0
t.mul_(2)
v = t * 2
v.add_(1)
t_version, u_version, v_version = t._version, u._version, v._version
print(t_version, u_version, v_version)
