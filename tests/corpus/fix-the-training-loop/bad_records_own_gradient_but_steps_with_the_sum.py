# expect: w
losses, grads = [], []
for step in range(5):
    loss = ((X @ w - y) ** 2).mean()
    (own,) = torch.autograd.grad(loss, w, retain_graph=True)
    grads.append(own)
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())
