# expect: out
w = nn.Parameter(init.clone())
out = (data @ w).sum()
