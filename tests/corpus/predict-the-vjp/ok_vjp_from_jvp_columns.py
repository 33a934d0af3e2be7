# round 32's learner: correct, unlike the reference
from torch.func import jvp
def f(t):
    return torch.stack([t[0] * t[1], t[0] + t[1], t[1] ** 2])
p = x.detach()
cols = [jvp(f, (p,), (torch.eye(2)[j],))[1] for j in range(2)]
Jt = torch.stack(cols, dim=1)
J = Jt.tolist()
grad_x = (torch.tensor([1.0, 2.0, -1.0]) @ Jt).tolist()
