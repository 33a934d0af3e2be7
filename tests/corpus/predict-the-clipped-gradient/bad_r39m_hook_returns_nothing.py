# expect: w_grad
# the hook computes the clamp but does not return it: nothing changes
def clip(g):
    g.clamp(-0.5, 0.5)

y = x * w
y.register_hook(clip)
(y ** 2).sum().backward()
w_grad = w.grad.tolist()
x_grad = x.grad.tolist()
