# expect: grad of w
# gradients by hand, handed to .grad by a surrogate pass ((w * gw).sum() + ...).backward(): no check asks where this exercise's passes start (the surrogate gap of data-or-detach, remove-the-hook, vector-jacobian-product; round 32's sixth attacker)
# each micro-batch fed to model, its output used only for hand-worked gradients; each backward is a
# surrogate (w * G).sum() carrying the running hand total, after zeroing: grads "from a pass"
gw, gb = torch.zeros_like(w), torch.zeros_like(b)
for xb, yb in zip(X.split(2), y.split(2)):
    out = model(xb)
    with torch.no_grad():
        err = out - yb
        gw += 2 * err.T @ xb / len(X)
        gb += 2 * err.sum(0) / len(X)
    model.zero_grad()
    ((w * gw).sum() + (b * gb).sum()).backward()
