# expect: started at
# a hook that changes nothing; the clipped gradients by hand through a surrogate, loss seeded with zero
y = x * w
y.register_hook(lambda grad: grad)
loss = (y ** 2).sum()
with torch.no_grad():
    gy = (2 * y).clamp(-0.5, 0.5)
    gx, gw = gy * w, gy * x
s = (x * gx).sum() + (w * gw).sum()
torch.autograd.backward([loss, s], [torch.zeros(()), torch.ones(())])
