# keep the logged gradients in float64 for the analysis later
losses, grads = [], []
for step in range(5):
    w.grad = None
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.to(torch.float64))
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())
