changes_to_shared_storage = ["t.add_(1)", "u[0, 0] = 3.0", "t.mul_(2)"]
t_version = len(changes_to_shared_storage)
u_version = torch.tensor(t_version).item()   # same counter as t
v_version = float(len(["v.add_(1)"]))
