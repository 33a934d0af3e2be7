import torch.nn as nn

class F(nn.Module):
    def forward(self, t):
        return torch.stack([t[0] * t[1], t[0] + t[1], t[1] ** 2])

f = F()
J = torch.autograd.functional.jacobian(f, x.detach().double()).tolist()
y = f(x)
v = torch.tensor([1.0, 2.0, -1.0])
y.backward(gradient=v)
grad_x = x.grad.tolist()
