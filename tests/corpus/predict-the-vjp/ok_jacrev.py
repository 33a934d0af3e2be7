from torch.func import jacrev

def f(t):
    return torch.stack([t[0] * t[1], t[0] + t[1], t[1] ** 2])

point = torch.tensor([2.0, 3.0])
J = jacrev(f)(point).tolist()
grad_x = (torch.tensor([1.0, 2.0, -1.0]) @ jacrev(f)(point)).tolist()
