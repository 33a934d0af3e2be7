# expect: w.is_leaf
from torch.func import grad

def step_loss(weights):
    return ((X @ weights - y) ** 2).mean()

losses, grads = [], []
for step in range(5):
    g = grad(step_loss)(w)
    grads.append(g)
    losses.append(step_loss(w).item())
    w = w - 0.1 * g           # recorded in autograd's graph: w stops being a leaf
