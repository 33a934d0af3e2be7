import torch.nn as nn
lin = nn.Linear(1, 1).double()
with torch.no_grad():
    lin.weight.fill_(5.0)
    lin.bias.fill_(4.0)
inp = torch.tensor([[-2.0]], dtype=torch.float64, requires_grad=True)
lin.zero_grad(set_to_none=False)
lin(inp).sum().backward()
dw = lin.weight.grad.item()
db = lin.bias.grad.item()
dx = inp.grad.item()
