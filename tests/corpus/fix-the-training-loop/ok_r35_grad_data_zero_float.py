losses, grads = [], []
lr = 0.1
for epoch in range(5):
    prediction = X @ w
    loss = (prediction - y).pow(2).mean()
    loss.backward()
    current = w.grad.clone()
    grads.append(current)
    with torch.no_grad():
        w.copy_(w - lr * current)
    losses.append(float(loss.detach()))
    w.grad.data.zero_()
