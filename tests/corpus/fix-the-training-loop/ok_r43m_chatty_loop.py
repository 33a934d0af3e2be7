torch.set_printoptions(precision=6, sci_mode=False)
losses, grads = [], []
for step in range(5):
    w.grad = None
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())
    for i in range(2000):  # debug dump I forgot to remove
        print(f"step {step} row {i % 16}: X={X[i % 16]} w={w.detach()} grad={w.grad}")
