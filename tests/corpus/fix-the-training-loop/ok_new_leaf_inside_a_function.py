def train(w, steps=5, lr=0.1):
    losses, grads = [], []
    for step in range(steps):
        loss = ((X @ w - y) ** 2).mean()
        loss.backward()
        grads.append(w.grad.clone())
        w = (w - lr * w.grad).detach().requires_grad_()
        losses.append(loss.item())
    return w, losses, grads

w, losses, grads = train(w)
