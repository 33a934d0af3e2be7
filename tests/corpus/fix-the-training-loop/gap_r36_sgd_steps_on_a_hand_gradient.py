# expect: value of w
# a known false pass (round 36's attacker): `w.grad` overwritten by a formula before each `opt.step()`, after `grads` took the pass's
# each step's pass is recorded in grads; then w.grad is overwritten by the closed-form gradient and an
# SGD optimizer steps on that: w (checked by value alone) is trained by the hand formula
opt = torch.optim.SGD([w], lr=0.1)
losses, grads = [], []
for step in range(5):
    opt.zero_grad()
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w.grad = 2.0 / X.shape[0] * X.T @ (X @ w - y)
    opt.step()
    losses.append(loss.item())
