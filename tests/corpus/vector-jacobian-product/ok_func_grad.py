# ok: torch.func.grad of v . y: one reverse pass, its result assigned to x.grad
from torch.func import grad
def f(t):
    return torch.tanh(t) * t.cumsum(0)
x.grad = grad(lambda t: torch.dot(f(t), v))(x.detach())
