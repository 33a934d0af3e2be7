losses, grads = [], []
for step in range(5):
    w.grad = None                      # a fresh .grad tensor every step
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad)               # no clone needed: next step makes a new one
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())
