# expect: `w` is not reached
w = nn.Parameter(init.clone())
out = data @ nn.Parameter(init.clone())
