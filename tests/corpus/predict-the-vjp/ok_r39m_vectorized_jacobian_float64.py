from torch.autograd.functional import jacobian
f = lambda t: torch.stack([t[0] * t[1], t[0] + t[1], t[1] ** 2])
Jt = jacobian(f, x.detach().double(), vectorize=True)
J = Jt.tolist()
grad_x = (torch.tensor([1.0, 2.0, -1.0], dtype=torch.float64) @ Jt).tolist()
