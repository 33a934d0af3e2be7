# expect: footprint
from torch.func import jacrev

J = jacrev(lambda t: torch.tanh(t) * t.cumsum(0))(x.detach())
x.grad = v @ J
