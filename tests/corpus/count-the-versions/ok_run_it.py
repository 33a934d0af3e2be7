base = torch.zeros(4)
view = base.view(2, 2)
base.add_(1)
view[0, 0] = 3.0
base.mul_(2)
other = base * 2
other.add_(1)
t_version, u_version, v_version = base._version, view._version, other._version
