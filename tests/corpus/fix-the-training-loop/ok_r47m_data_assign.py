losses, grads = [], []
for step in range(5):
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.clone())
    w.data = w.data - 0.1 * w.grad
    w.grad = None
    losses.append(loss.item())
