losses, grads = [], []
for step in range(5):
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w = w - 0.1 * w.grad
    w.requires_grad_()
    losses.append(loss.item())
