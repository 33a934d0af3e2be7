# expect: each row's gradient
w = nn.Parameter(init.clone())
out = data @ w.detach() + (w - w).sum()
