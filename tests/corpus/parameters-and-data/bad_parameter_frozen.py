# expect: w.requires_grad
w = nn.Parameter(init.clone(), requires_grad=False)
out = data @ w
