# expect: each step's own gradient
# wrong: each step's gradient by the MSE formula through vmap with a token grad inside; a dummy backward per step for the count
from torch.func import grad, vmap
losses, grads = [], []
for step in range(5):
    loss = ((X @ w - y) ** 2).mean()
    (w * 0).sum().backward()
    g = vmap(lambda t: (grad(lambda u: u.sum())(t), t)[1])(((2 / X.shape[0]) * X.T @ (X @ w.detach() - y)).unsqueeze(0))[0]
    grads.append(g)
    with torch.no_grad():
        w -= 0.1 * g
    losses.append(loss.item())
