# expect: value of w
# computes the loss once outside the loop and reuses its graph with retain_graph
losses, grads = [], []
loss = ((X @ w - y) ** 2).mean()
for step in range(5):
    w.grad = None
    loss.backward(retain_graph=True)
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())
