# correct: sanity backward on out.sum(), then grads cleared with zero_grad on an optimizer
w = nn.Parameter(init.clone())
out = data @ w
opt = torch.optim.SGD([w], lr=0.1)
out.sum().backward()
print(w.grad)
opt.zero_grad()
