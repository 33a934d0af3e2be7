# expect: grad of w
# a known false pass (round 36's attacker): as above, each loss holding its true value
# each batch's loss holds the true value tanh(xb w).sum() (the surrogate adds an exact 0), but its
# gradient is g = xb^T (1 - tanh^2(xb w)), worked out by hand; the hook logs the norm of the formula
norms = []
w.register_post_accumulate_grad_hook(lambda p: norms.append(p.grad.norm().item()))
for xb in batches:
    with torch.no_grad():
        g = xb.T @ (1 - torch.tanh(xb @ w) ** 2)
        true = torch.tanh(xb @ w).sum()
    s = (w * g).sum()
    loss = true + (s - s.detach())
    loss.backward()
