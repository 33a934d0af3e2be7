# run it twice to be sure it is deterministic, clearing the grads in between
results = []
for attempt in range(2):
    x.grad = None
    w.grad = None
    y = x * w
    y.register_hook(lambda g: g.clamp(-0.5, 0.5))
    loss = (y ** 2).sum()
    loss.backward()
    results.append((w.grad.tolist(), x.grad.tolist()))
assert results[0] == results[1]
w_grad, x_grad = results[-1]
