# expect: grad of w
# post hooks on the AccumulateGrad nodes overwrite .grad in place (they are given no gradient to change)
y = x * w
y.register_hook(lambda g: g)
loss = (y ** 2).sum()
dy = (2 * y).detach().clamp(-0.5, 0.5)
ax, aw = [n for n, _ in y.grad_fn.next_functions]
ax.register_hook(lambda gi, go: (x.grad.copy_(dy * w.detach()), None)[1])
aw.register_hook(lambda gi, go: (w.grad.copy_(dy * x.detach()), None)[1])
loss.backward()
