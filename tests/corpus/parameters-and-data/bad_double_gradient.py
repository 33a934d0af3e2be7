# expect: each row's gradient
# gradient twice as large: out = data @ (2w - w.detach())
w = nn.Parameter(init.clone())
out = data @ (2 * w - w.detach())
