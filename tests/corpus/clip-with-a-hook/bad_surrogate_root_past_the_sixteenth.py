# expect: started at
# No clamping hook: one call of torch.autograd.backward from loss (seeded with ones), fifteen more
# copies of loss seeded with zeros, and a 17th root, a surrogate seeded with ones that adds the clamp's
# correction worked out by hand. The observers read the first 16 roots only (MAX_NAMES).
y = x * w
y.register_hook(lambda g: None)          # a hook, which changes nothing
loss = (y ** 2).sum()
g = 2 * y.detach()
fix = g.clamp(-0.5, 0.5) - g                # the clamp, by hand
surrogate = (x * (fix * w.detach())).sum() + (w * (fix * x.detach())).sum()
torch.autograd.backward([loss] * 16 + [surrogate],
                        [torch.ones_like(loss)] + [torch.zeros_like(loss)] * 15 + [torch.ones_like(surrogate)])
