# expect: gradient
w = nn.Parameter(init.clone())
with torch.no_grad():
    out = data @ w
