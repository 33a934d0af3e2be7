# expect: is None until a backward pass first reaches it
losses, grads = [], []
for step in range(5):
    w.grad.zero_()          # clear first ... but there is no grad yet on step 0
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())
