# keep the weight in double precision
w = nn.Parameter(init.to(torch.float64))
out = data.to(torch.float64) @ w
