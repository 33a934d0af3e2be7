snippet = """
t = torch.zeros(4)
u = t.view(2, 2)
t.add_(1)
u[0, 0] = 3.0
t.mul_(2)
v = t * 2
v.add_(1)
"""
ns = {"torch": torch}
exec(snippet, ns)
t_version, u_version, v_version = (ns[name]._version for name in ("t", "u", "v"))
