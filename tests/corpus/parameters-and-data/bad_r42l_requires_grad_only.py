# expect: nn.Parameter
w = init.clone().requires_grad_(True)
out = data @ w
