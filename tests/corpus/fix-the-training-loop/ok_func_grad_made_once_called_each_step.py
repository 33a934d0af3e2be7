# ok: a torch.func transform made once before the loop, called at each step
from torch.func import grad
losses, grads = [], []
def f(w):
    return ((X @ w - y) ** 2).mean()
df = grad(f)
for step in range(5):
    g = df(w)
    grads.append(g)
    losses.append(f(w).item())
    with torch.no_grad():
        w -= 0.1 * g
