def replay():
    t = torch.zeros(4, dtype=torch.float64)
    u = t.view(2, 2)
    t.add_(1)
    u[0, 0] = 3.0
    t.mul_(2)
    v = t * 2
    v.add_(1)
    return t._version, u._version, v._version

if __name__ == "__main__":
    t_version, u_version, v_version = replay()
    print(f"t={t_version} u={u_version} v={v_version}")
