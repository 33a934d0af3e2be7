@torch.compile(backend="eager")
def train_step(weights):
    weights.grad = None
    step_loss = ((X @ weights - y) ** 2).mean()
    step_loss.backward()
    return step_loss

losses, grads = [], []
for step in range(5):
    loss = train_step(w)
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())
