# expect: value of w
# a known false pass (round 36's attacker): the steps move `w` by a formula; no check follows where an in-place update's numbers came from
# each step's pass fills w.grad (recorded in grads), but the step itself moves w by the closed-form
# gradient 2/n X^T (X w - y): w, the value the first check compares, comes from the hand formula.
losses, grads = [], []
for step in range(5):
    w.grad = None
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= 0.1 * (2.0 / X.shape[0] * X.T @ (X @ w - y))
    losses.append(loss.item())
