losses, grads = [], []
for step in range(5):
    w.grad = None
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.detach().clone())
    with torch.inference_mode():
        w.sub_(0.1 * w.grad)
    losses.append(loss.tolist())
