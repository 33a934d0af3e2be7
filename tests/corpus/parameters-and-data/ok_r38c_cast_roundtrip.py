w = nn.Parameter(init.clone())
out = (data.double() @ w.double()).float()   # dot products in double, result back in float32
