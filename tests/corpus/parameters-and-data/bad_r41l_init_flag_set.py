# expect: Wrap the weights in `nn.Parameter`
w = init.requires_grad_()
out = data @ w
