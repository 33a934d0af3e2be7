losses, grads = [], []
for step in range(5):
    w.grad = None
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w[:] = w - 0.1 * w.grad
    losses.append(loss.item())
