# replay with a leaf that requires grad, so in-place under no_grad
base = torch.zeros(4, requires_grad=True)
with torch.no_grad():
    t = base.clone()
    u = t.view(2, 2)
    t.add_(1)
    u[0, 0] = 3.0
    t.mul_(2)
    v = t * 2
    v.add_(1)
t_version = t._version
u_version = u._version
v_version = v._version
