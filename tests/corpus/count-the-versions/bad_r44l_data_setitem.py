# expect: fails where its value is wrong
# replayed but wrote through .data "to avoid autograd", so the write is not counted on u
t = torch.zeros(4)
u = t.view(2, 2)
t.add_(1)
u.data[0, 0] = 3.0
t.mul_(2)
v = t * 2
v.add_(1)
t_version, u_version, v_version = t._version, u._version, v._version
