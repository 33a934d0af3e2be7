# expect: backward
# no autograd at all: the MSE gradient written by hand
losses, grads = [], []
for step in range(5):
    with torch.no_grad():
        r = X @ w - y
        loss = (r ** 2).mean()
        g = 2 * X.T @ r / len(y)
        grads.append(g.clone())
        w -= 0.1 * g
    losses.append(loss.item())
