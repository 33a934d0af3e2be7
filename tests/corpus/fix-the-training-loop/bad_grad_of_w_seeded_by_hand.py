# expect: each step's own gradient
losses, grads = [], []
for step in range(5):
    with torch.no_grad():
        r = X @ w - y
        loss = (r ** 2).mean()
        hand = 2 * X.T @ r / len(y)
    g = torch.autograd.grad(w, w, hand)[0]
    grads.append(g)
    with torch.no_grad():
        w -= 0.1 * g
    losses.append(loss.item())
