# expect: w
losses = []
for step in range(5):
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    w.grad = None
    with torch.no_grad():
        w -= 0.1 * (w.grad if w.grad is not None else torch.zeros_like(w))
    losses.append(loss.item())
