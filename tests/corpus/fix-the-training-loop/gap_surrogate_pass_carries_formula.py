# expect: each step
# the loss's own backward never runs; each step's gradient by formula, carried into w.grad by a surrogate pass
losses, grads = [], []
for step in range(5):
    loss = ((X @ w - y) ** 2).mean()
    with torch.no_grad():
        g = 2 * X.T @ (X @ w - y) / len(y)
    w.grad = None
    (w * g).sum().backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())
