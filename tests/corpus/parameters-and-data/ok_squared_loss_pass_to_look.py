# correct: a trial pass from a squared loss (no retain_graph), then zero_grad
w = nn.Parameter(init.clone())
out = data @ w
loss = (out ** 2).mean()
loss.backward()
print("grad for w", w.grad)
w.grad = None
