# expect: autograd did not compute them
# an autograd.grad of (w * w).sum() each step keeps the count; the gradient used is a formula
losses, grads = [], []
for step in range(5):
    torch.autograd.grad((w * w).sum(), w)
    with torch.no_grad():
        r = X @ w - y
        g = 2 * X.T @ r / len(y)
        grads.append(g)
        losses.append((r ** 2).mean().item())
        w -= 0.1 * g
