# expect: gives data no gradient
w = nn.Parameter(init.clone())
data.requires_grad_(True)
out = data @ w
data.requires_grad_(False)
