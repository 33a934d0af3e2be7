def run():
    with torch.no_grad():
        t = torch.zeros(4)
        u = t.view(2, 2)
        t.add_(1)
        u[0, 0] = 3.0
        t.mul_(2)
        v = t * 2
        v.add_(1)
    return {"t": t._version, "u": u._version, "v": v._version}

r = run()
t_version = r["t"]
u_version = r["u"]
v_version = r["v"]
