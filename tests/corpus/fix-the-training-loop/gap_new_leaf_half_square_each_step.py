# expect: each step's own gradient
# each step's gradient by the MSE formula; carried into .grad of a new leaf bound to w: d(|w|^2/2)/dw = w
losses, grads = [], []
for step in range(5):
    with torch.no_grad():
        loss = ((X @ w - y) ** 2).mean()
        g = 2 * X.T @ (X @ w - y) / len(y)
    wk = w
    w = g.clone().requires_grad_()
    (w * w / 2).sum().backward()
    grads.append(w.grad.clone())
    w = (wk - 0.1 * w.grad).detach().requires_grad_()
    losses.append(loss.item())
