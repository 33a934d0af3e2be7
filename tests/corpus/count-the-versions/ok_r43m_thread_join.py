import threading

result = {}

def replay():
    t = torch.zeros(4)
    u = t.view(2, 2)
    t.add_(1)
    u[0, 0] = 3.0
    t.mul_(2)
    v = t * 2
    v.add_(1)
    result.update(t=t._version, u=u._version, v=v._version)

th = threading.Thread(target=replay)
th.start()
th.join()
t_version, u_version, v_version = result["t"], result["u"], result["v"]
