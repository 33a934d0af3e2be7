# expect: grad of w
# each micro-batch's pass reaches only a leaf of the code's (inputs=[leaf]); the model's gradients added by
# hand after each pass, so they point the right way before every forward (round 32's fifth attacker)
for xb, yb in zip(X.split(2), y.split(2)):
    out = model(xb)
    leaf = torch.zeros((), requires_grad=True)
    (F.mse_loss(out + leaf, yb) / 4).backward(inputs=[leaf])
    with torch.no_grad():
        err = out - yb
        g_w, g_b = 2 * err.T @ xb / len(X), 2 * err.sum(0) / len(X)
        w.grad = g_w if w.grad is None else w.grad + g_w
        b.grad = g_b if b.grad is None else b.grad + g_b
