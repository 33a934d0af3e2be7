losses, grads = [], []
params = [w]
for step in range(5):
    for p in params:
        p.grad = None
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.detach().clone())
    with torch.no_grad():
        torch._foreach_add_(params, [p.grad for p in params], alpha=-0.1)
    losses.append(float(loss))
