w = nn.Parameter(init.clone())
out = (data * w).sum(dim=1)
