# expect: each step's own gradient
losses, grads = [], []
for step in range(5):
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad)
    with torch.no_grad():
        w -= 0.1 * w.grad
    w.grad.zero_()
    losses.append(loss.item())
