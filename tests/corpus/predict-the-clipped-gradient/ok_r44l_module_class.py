import torch.nn as nn

class Scale(nn.Module):
    def __init__(self, w):
        super().__init__()
        self.w = nn.Parameter(w.detach().clone())

    def forward(self, x):
        y = x * self.w
        y.register_hook(lambda g: g.clamp(-0.5, 0.5))
        return y

m = Scale(w)
xin = x.detach().clone().requires_grad_(True)
m.zero_grad(set_to_none=True)
loss = (m(xin) ** 2).sum()
loss.backward()
w_grad = m.w.grad.tolist()
x_grad = xin.grad.tolist()
