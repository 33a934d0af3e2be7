# expect: a graded run is sandboxed
from torch.utils.data import DataLoader, TensorDataset

loader = DataLoader(TensorDataset(X, y), batch_size=len(X), shuffle=False, num_workers=2)
losses, grads = [], []
for step in range(5):
    for xb, yb in loader:
        w.grad = None
        loss = ((xb @ w - yb) ** 2).mean()
        loss.backward()
        grads.append(w.grad.clone())
        with torch.no_grad():
            w -= 0.1 * w.grad
        losses.append(loss.item())
