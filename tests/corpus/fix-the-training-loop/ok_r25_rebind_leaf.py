losses, grads = [], []
for step in range(5):
    loss = ((X @ w - y) ** 2).mean()
    (g,) = torch.autograd.grad(loss, w)
    grads.append(g)
    w = (w - 0.1 * g).detach().requires_grad_()
    losses.append(loss.item())
