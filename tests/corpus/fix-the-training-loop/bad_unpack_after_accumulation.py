# expect: replaced a gradient
# Round 29's attacker of the mends: .grad written after the leaf accumulated, later in the pass.
# The bug is kept: nothing clears w.grad, so each pass adds to the sum of every earlier gradient.
# Each step's loss carries `+ 0 * side`, a side graph made before the loss (older nodes run last):
# its saved-tensor unpack hook runs after w has accumulated and overwrites w.grad in place with the
# step's gradient by the closed-form formula 2/n X^T (X w - y).
q = torch.ones(1, requires_grad=True)
def unpack(t):
    if w.grad is not None:
        with torch.no_grad():
            w.grad.copy_(2.0 / X.shape[0] * X.T @ (X @ w - y))
    return t

losses, grads = [], []
for step in range(5):
    with torch.autograd.graph.saved_tensors_hooks(lambda t: t, unpack):
        side = q.exp().sum()
    loss = ((X @ w - y) ** 2).mean() + 0 * side
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())
