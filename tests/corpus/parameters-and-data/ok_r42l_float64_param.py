w = nn.Parameter(init.clone().double())
out = data.double() @ w
