# expect: It is 1.451 times the expected value
w = nn.Parameter(init.clone())
out = data @ (w / w.norm())
