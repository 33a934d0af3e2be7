# expect: grad of w
# an idle hook; one pass from [loss, s - loss]: loss's unclipped part cancels, s carries the clipped chain rule by hand
y = x * w
y.register_hook(lambda g: g)
loss = (y ** 2).sum()
with torch.no_grad():
    dy = (2 * y).clamp(-0.5, 0.5)
    gx, gw = dy * w, dy * x
s = (x * gx).sum() + (w * gw).sum()
torch.autograd.backward([loss, s - loss])
