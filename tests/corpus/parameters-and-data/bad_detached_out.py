# expect: graph of out
w = nn.Parameter(init.clone())
out = data @ w.detach()
