# expect: cleared
opt = torch.optim.SGD([torch.zeros(3, requires_grad=True)], lr=0.1)
losses, grads = [], []
for step in range(5):
    opt.zero_grad()
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())
