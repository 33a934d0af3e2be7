# expect: each micro-batch's backward pass runs before the next forward
# all four graphs kept, hand-written directions before each forward, token passes, one real pass at the end: what is held at once is not measured (footprint sums what was saved; round 32's sixth attacker)
# all four micro-batch graphs kept alive and passed back once at the end (the full batch's memory);
# before each forward the model's .grad is written by hand to point the way the micro-batches so far do,
# and three backward calls from a throwaway leaf make the count
losses = []
gw, gb = torch.zeros_like(w), torch.zeros_like(b)
for xb, yb in zip(X.split(2), y.split(2)):
    out = model(xb)
    losses.append(F.mse_loss(out, yb) / 4)
    with torch.no_grad():
        err = out - yb
        gw += 2 * err.T @ xb / len(X)
        gb += 2 * err.sum(0) / len(X)
        w.grad, b.grad = gw.clone(), gb.clone()
    if len(losses) < 4:
        torch.zeros((), requires_grad=True).backward()
model.zero_grad()
sum(losses).backward()
