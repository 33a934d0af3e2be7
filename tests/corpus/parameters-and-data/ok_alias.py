param = nn.Parameter(init.clone())
w = param
out = data.matmul(w)
