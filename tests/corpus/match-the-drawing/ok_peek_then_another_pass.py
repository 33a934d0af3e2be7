# correct: loss as drawn; peeks both gradients with autograd.grad, then experiments with an L2 term's backward
loss = ((torch.tanh(w * x + b) - target) ** 2).mean()
gw, gb = torch.autograd.grad(loss, [w, b])
(w ** 2).sum().backward()
print(gw, w.grad)
w.grad = None
