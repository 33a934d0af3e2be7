def step_loss():
    return F.mse_loss(X @ w, y)

losses, grads = [], []
for _ in range(5):
    if w.grad is not None:
        w.grad.zero_()
    loss = step_loss()
    loss.backward()
    with torch.no_grad():
        w.copy_(w - 0.1 * w.grad)
    grads.append(w.grad.clone())
    losses.append(loss.detach().item())
