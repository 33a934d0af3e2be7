# expect: It is 2 times the expected value everywhere
w = nn.Parameter(init.clone())
out = data @ w * 2
