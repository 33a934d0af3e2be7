# expect: nn.Parameter
w = init.clone().requires_grad_()
out = data @ w
