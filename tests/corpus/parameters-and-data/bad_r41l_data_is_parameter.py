# expect: data
w = nn.Parameter(init.clone())
data = nn.Parameter(data)
out = data @ w
