# expect: a backward pass of loss1 reached w
# Round 36's attacker: no pass of loss1 at all, `first` by hand
# `first` (the magnified gradient) is written by hand, 100 * 2w; the hook is registered and removed
# without any pass through it; only loss2's pass runs.
handle = w.register_hook(lambda g: g * 100)
with torch.no_grad():
    first = 100 * 2 * w.detach()
handle.remove()
w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
