w = nn.Parameter(init.clone())
out = data.double() @ w.double()   # out in double, w stays float32
