losses, grads = [], []
for step in range(5):
    loss = ((X @ w - y) ** 2).mean()
    loss.backward(inputs=[w])
    grads.append(w.grad.clone())
    with torch.inference_mode():
        w -= 0.1 * w.grad
    w.grad = None
    losses.append(loss.item())
