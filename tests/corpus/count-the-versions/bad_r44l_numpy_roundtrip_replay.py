# expect: fails where its value is wrong
# replayed with numpy in the middle (numpy writes do not bump torch's counter)
t = torch.zeros(4)
u = t.view(2, 2)
t.add_(1)
u.numpy()[0, 0] = 3.0
t.mul_(2)
v = t * 2
v.add_(1)
t_version, u_version, v_version = t._version, u._version, v._version
