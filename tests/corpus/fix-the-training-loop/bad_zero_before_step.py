# expect: w
losses, grads = [], []
for step in range(5):
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    w.grad = None
    g = w.grad if w.grad is not None else torch.zeros_like(w)
    grads.append(g)
    with torch.no_grad():
        w -= 0.1 * g
    losses.append(loss.item())
