# expect: gradient of out.sum() with respect to w
w = nn.Parameter(init.clone())
out = data @ w.detach() + (w - w).sum()
