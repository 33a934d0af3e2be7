# expect: as if one tensor was appended again and again
losses, grads = [], []
for step in range(5):
    if w.grad is not None:
        w.grad.zero_()
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad)
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())
