# expect: t_version
t_version = torch.tensor(3)
u_version = torch.tensor(3)
v_version = torch.tensor(1)
