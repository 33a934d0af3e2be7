losses, grads = [], []
for step in range(5):
    residual = torch.matmul(X, w) - y
    loss = torch.mean(residual * residual)
    (g,) = torch.autograd.grad(loss, (w,))
    with torch.no_grad():
        w.add_(g, alpha=-0.1)
    grads += [g]
    losses += [loss.item()]
