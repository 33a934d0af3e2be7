# expect: `out` has shape [5, 3], but the expected one has shape [5]
w = nn.Parameter(init.clone())
out = data * w
