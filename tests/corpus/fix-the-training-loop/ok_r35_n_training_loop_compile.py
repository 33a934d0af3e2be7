# fix-the-training-loop: the loss compiled (aot_eager), backward through the compiled graph
lossf = torch.compile(lambda w: ((X @ w - y) ** 2).mean(), backend="aot_eager")
losses, grads = [], []
for step in range(5):
    w.grad = None
    loss = lossf(w)
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())
