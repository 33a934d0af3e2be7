# expect: grad of w
# a known false pass (round 36's attacker): each batch's pass starts at a surrogate; a pass rebound in a loop is not asked where it started
# the hook is the reference's; each batch's pass is a surrogate (w * g).sum() with g = xb^T (1 - tanh^2(xb w))
# worked out by hand: the engine accumulates the formula and the hook logs its norm
norms = []
w.register_post_accumulate_grad_hook(lambda p: norms.append(p.grad.norm().item()))
for xb in batches:
    with torch.no_grad():
        g = xb.T @ (1 - torch.tanh(xb @ w) ** 2)
    loss = (w * g).sum()
    loss.backward()
