# expect: data.requires_grad
w = nn.Parameter(init.clone())
data.requires_grad_()
out = data @ w
