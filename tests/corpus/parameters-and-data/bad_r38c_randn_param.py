# expect: init's values
w = nn.Parameter(torch.randn_like(init))
out = data @ w
