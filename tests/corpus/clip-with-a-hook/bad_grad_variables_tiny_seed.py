# expect: grad of w
# rule 1: loss seeded 1e-30 via grad_variables beside a surrogate with the clipped chain rule by hand
y = x * w
y.register_hook(lambda g: g)
loss = (y ** 2).sum()
with torch.no_grad():
    dy = (2 * y).clamp(-0.5, 0.5)
    gx, gw = dy * w, dy * x
torch.autograd.backward([loss, (x * gx + w * gw).sum()], grad_variables=[torch.tensor(1e-30), torch.tensor(1.0)])
