from torch.func import grad_and_value

def step_loss(params):
    return ((X @ params["w"] - y) ** 2).mean()

losses, grads = [], []
for step in range(5):
    g_dict, loss = grad_and_value(step_loss)({"w": w.detach()})
    g = g_dict["w"]
    grads.append(g)
    losses.append(loss.item())
    with torch.no_grad():
        w -= 0.1 * g
