# expect: KeyError: 'LR'
import os
lr = float(os.environ["LR"])  # I run it as LR=0.1 python train.py
losses, grads = [], []
for step in range(5):
    w.grad = None
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= lr * w.grad
    losses.append(loss.item())
