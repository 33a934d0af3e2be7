w = torch.nn.Parameter(init.to(copy=True))
out = torch.inner(data, w)
