losses, grads = [], []
p = w
for step in range(5):
    loss = ((X @ p - y) ** 2).mean()
    loss.backward()
    grads.append(p.grad.clone())
    p = (p - 0.1 * p.grad).detach().requires_grad_()
    losses.append(loss.item())
w = p
