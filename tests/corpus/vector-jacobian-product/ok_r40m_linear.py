import torch.nn.functional as F
y = torch.tanh(x) * x.cumsum(0)
F.linear(y.unsqueeze(0), v.unsqueeze(0)).sum().backward()
