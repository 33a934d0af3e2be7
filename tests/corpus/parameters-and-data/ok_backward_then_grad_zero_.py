# correct: sanity backward on out.sum() then w.grad.zero_()
w = nn.Parameter(init.clone())
out = data @ w
out.sum().backward()
assert torch.allclose(w.grad, data.sum(0))
w.grad.zero_()
