from torch.func import grad_and_value
def objective(weights):
    return ((X @ weights - y) ** 2).mean()
g_and_v = grad_and_value(objective)
losses, grads = [], []
for step in range(5):
    g, l = g_and_v(w.detach())
    grads.append(g)
    with torch.no_grad():
        w.sub_(0.1 * g)
    losses.append(l.item())
