# expect: NoneType
losses, grads = [], []
for step in range(5):
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.clone())
    w.grad = None
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())
