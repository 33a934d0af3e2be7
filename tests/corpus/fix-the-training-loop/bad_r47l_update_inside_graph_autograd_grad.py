# expect: w.is_leaf
losses, grads = [], []
for step in range(5):
    loss = ((X @ w - y) ** 2).mean()
    (g,) = torch.autograd.grad(loss, w)
    grads.append(g)
    w = w - 0.1 * g           # recorded: w is no longer a leaf
    losses.append(loss.item())
