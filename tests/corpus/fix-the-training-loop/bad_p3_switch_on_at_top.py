# expect: switched off
losses, grads = [], []
for step in range(5):
    torch.set_grad_enabled(True)
    w.grad = None
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.clone())
    torch.set_grad_enabled(False)   # the last step leaves it off
    w -= 0.1 * w.grad
    losses.append(loss.item())
