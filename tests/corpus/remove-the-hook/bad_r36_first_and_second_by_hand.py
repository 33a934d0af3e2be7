# expect: a backward pass of loss1 reached w
# Round 36's attacker
# both `first` and `second` are written by hand; a single real pass fills w.grad for its own check.
handle = w.register_hook(lambda g: g * 100)
handle.remove()
with torch.no_grad():
    first = 200 * w
    second = 3 * w ** 2
loss2 = (w ** 3).sum()
loss2.backward()
