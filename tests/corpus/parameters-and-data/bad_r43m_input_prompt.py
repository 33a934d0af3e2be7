# expect: A graded run has no keyboard
scale = float(input("scale for the init (1 = as is): ") or 1)
w = nn.Parameter(init.clone() * scale)
out = data @ w
