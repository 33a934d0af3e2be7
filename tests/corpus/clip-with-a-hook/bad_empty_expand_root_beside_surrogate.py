# expect: grad of w
# rule 1 / pass-through: loss.expand(0).sum() "is" loss with an implicit 1 but sends nothing; the surrogate carries clipped hand grads
y = x * w
y.register_hook(lambda g: g)
loss = (y ** 2).sum()
with torch.no_grad():
    dy = (2 * y).clamp(-0.5, 0.5)
    gx, gw = dy * w, dy * x
torch.autograd.backward([loss.expand(0).sum(), (x * gx + w * gw).sum()])
