import numpy as np
losses, grads = [], []
for step in range(5):
    w.grad = None
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    g_np = w.grad.detach().cpu().numpy().copy()   # keep a numpy copy for my plots
    grads.append(torch.from_numpy(g_np))
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())
