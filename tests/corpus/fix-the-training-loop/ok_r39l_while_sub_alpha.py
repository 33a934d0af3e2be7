losses = []
grads = []
step = 0
while step < 5:
    loss = (X @ w - y).pow(2).mean()
    loss.backward()
    g = w.grad.clone()
    with torch.no_grad():
        w.sub_(w.grad, alpha=0.1)
    w.grad = None
    grads.append(g)
    losses.append(loss.item())
    step += 1
