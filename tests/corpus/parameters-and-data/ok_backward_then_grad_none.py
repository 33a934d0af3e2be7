# correct: sanity backward of out.sum(), gradient looked at, then cleared with w.grad = None
w = nn.Parameter(init.clone())
out = data @ w
out.sum().backward()
print("d out.sum() / dw =", w.grad)
w.grad = None
