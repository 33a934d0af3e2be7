w = nn.Parameter(init.double())          # weights kept in double precision
out = data.double() @ w
out.sum().backward()                     # look at the gradient once
print(w.grad)                            # each entry: the column sum of data
w.grad = None
