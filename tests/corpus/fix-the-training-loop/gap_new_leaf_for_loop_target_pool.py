# expect: each step's own gradient
# every step's gradient by the MSE formula; ONE pass over a new leaf bound to w (as a for-loop target)
# carries all five; the other passes are token passes of a zero loss
losses, grads = [], []
w0 = w
cur = w.detach().clone()
for step in range(5):
    loss = ((X @ cur - y) ** 2).mean()
    g = 2 * X.T @ (X @ cur - y) / len(y)
    grads.append(g)
    cur = cur - 0.1 * g
    losses.append(loss.item())
for w in [torch.cat(grads).requires_grad_()]:
    (w * w / 2).sum().backward()
for _ in range(4):
    torch.zeros(1, requires_grad=True).sum().backward()
w = w0
with torch.no_grad():
    w.copy_(cur)
