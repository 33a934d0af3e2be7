losses = []
grads = []
for step in range(5):
    loss = ((X @ w - y) ** 2).mean()
    (g,) = torch.autograd.grad(loss, w)
    grads.append(g)
    with torch.no_grad():
        w.sub_(0.1 * g)
    losses.append(loss.item())
