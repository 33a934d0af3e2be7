# replayed it myself in float64 inside a tiny module
import torch.nn as nn
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Parameter(torch.randn(2, dtype=torch.float64))
    def forward(self):
        b = self.a * 2
        b.retain_grad()
        c = b.exp()
        d = torch.ones(2, dtype=torch.float64)
        return (c * d).sum(), b, c, d
net = Net()
net.zero_grad(set_to_none=True)
loss2, bb, cc, dd = net()
loss2.backward()
a_none = net.a.grad is None
b_none = bb.grad is None
c_none = cc.grad is None
d_none = dd.grad is None
