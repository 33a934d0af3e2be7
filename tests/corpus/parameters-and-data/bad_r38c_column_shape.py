# expect: out
w = nn.Parameter(init.clone())
out = data @ w.unsqueeze(1)   # one number per row... as a column
