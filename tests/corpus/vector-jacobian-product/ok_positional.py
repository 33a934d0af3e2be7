y = torch.tanh(x) * x.cumsum(0)
x.grad = torch.autograd.grad([y], [x], [v])[0]
