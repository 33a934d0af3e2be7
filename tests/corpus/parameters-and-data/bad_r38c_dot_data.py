# expect: gradient
w = nn.Parameter(init.clone())
out = data @ w.data
