# expect: was set by your code
# Round 36's attacker (NOTE [results read before the code can run], readfirst.py):
# Four micro-batch forwards of 2 rows (so `_rows` is right), but each pass differentiates the loss of the
# FIRST row only: what the passes leave is not proportional to the answer. The gradients and the three
# directions `_grad_steps()` reads are worked out by hand; `_directions` is bound to a list of the code's
# holding the hand directions, whose __len__ (run by the `_grad_steps()` probe, after the grad probes read the
# hand numbers, after observation ended) puts the passes' own tensors back in w.grad and b.grad before the
# `observed` probe judges where they came from.
for xb, yb in zip(X.split(2), y.split(2)):
    out = model(xb)
    loss = F.mse_loss(out[:1], yb[:1])
    loss.backward()
kept = (w.grad, b.grad)
with torch.no_grad():
    r = X @ w.T + b - y                                      # (8, 1)
    gw = [2.0 / 8 * (r[:2 * k].T @ X[:2 * k]) for k in (1, 2, 3, 4)]
    gb = [2.0 / 8 * r[:2 * k].sum(0) for k in (1, 2, 3, 4)]
    hand_dirs = []
    for k in range(3):
        g = torch.cat([gw[k].reshape(-1), gb[k].reshape(-1)])
        hand_dirs.append(g / g.norm())
    w.grad, b.grad = gw[3], gb[3]                            # by hand


class _Sneaky(list):
    def __len__(self):
        if kept:
            model.weight.grad, model.bias.grad = kept
        return list.__len__(self)


_directions = _Sneaky(hand_dirs)
