# expect: data
data = nn.Parameter(data)
w = nn.Parameter(init.clone())
out = data @ w
