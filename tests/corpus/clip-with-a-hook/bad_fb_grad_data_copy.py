# expect: not left there by a backward pass
y = x * w
y.register_hook(lambda g: print("dL/dy", g))
loss = (y ** 2).sum()
loss.backward()
dy = (2 * y).clamp(-0.5, 0.5).detach()
x.grad.data.copy_(dy * w.detach())      # overwrite through .data
w.grad.data.copy_(dy * x.detach())
