w = nn.Parameter(init)
out = F.linear(data, w)
