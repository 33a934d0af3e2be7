# expect: grad of x
# wrong: v @ J by hand through elementwise vmap with a token jvp inside (jvp is not among the counted passes); one dropped backward for the count
from torch.func import jvp, vmap
y = torch.tanh(x) * x.cumsum(0)
(y * 0).sum().backward()
xd = x.detach()
t = torch.tanh(xd); c = xd.cumsum(0)
vJ = v * (1 - t ** 2) * c + torch.flip(torch.cumsum(torch.flip(v * t, [0]), 0), [0])
x.grad = vmap(lambda s: (jvp(torch.sin, (s,), (s,)), s)[1])(vJ)
