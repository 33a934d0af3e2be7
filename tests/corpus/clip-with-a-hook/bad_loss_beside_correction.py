# expect: grad of w
# loss seeded with ones beside a surrogate that adds the clipping correction worked out by hand, in one call
y = x * w
y.register_hook(lambda g: g)
loss = (y ** 2).sum()
with torch.no_grad():
    dy = 2 * y
    fix = dy.clamp(-0.5, 0.5) - dy
    cx, cw = fix * w, fix * x
s = (x * cx).sum() + (w * cw).sum()
torch.autograd.backward([loss, s])
