# correct: a logging hook on w, one pass, then uses the logged gradient count in a print
w = nn.Parameter(init.clone())
seen = []
w.register_hook(lambda g: seen.append(g.detach().clone()))
out = data @ w
out.sum().backward()
g, = seen
print(g)
w.grad = None
