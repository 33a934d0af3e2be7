# expect: graph of out
# data itself is untouched, but out is computed from a copy of it that requires grad
w = nn.Parameter(init.clone())
out = data.clone().requires_grad_() @ w
