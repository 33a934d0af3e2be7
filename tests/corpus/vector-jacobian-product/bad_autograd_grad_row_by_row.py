# expect: one reverse pass
y = torch.tanh(x) * x.cumsum(0)
rows = [torch.autograd.grad(y[i], x, retain_graph=True)[0] for i in range(y.numel())]
x.grad = v @ torch.stack(rows)
