losses, grads = [], []
for step in range(5):
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w.add_(w.grad, alpha=-0.1)
        w.grad.zero_()   # clear for the next step
    losses.append(loss.item())
