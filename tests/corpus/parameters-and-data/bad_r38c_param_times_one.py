# expect: nn.Parameter
w = nn.Parameter(init.clone()) * 1.0
out = data @ w
