losses, grads = [], []
for step in range(5):
    w.grad = None
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.clone())
    torch.set_grad_enabled(False)
    w -= 0.1 * w.grad
    torch.set_grad_enabled(True)
    losses.append(loss.item())
