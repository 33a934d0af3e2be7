w = nn.Parameter(init.clone())
out = w @ data.T      # (3,) @ (3, 5) -> (5,)
