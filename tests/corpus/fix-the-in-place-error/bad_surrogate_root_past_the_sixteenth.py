# expect: started at
# h is detached (no gradient through the sigmoid); loss also holds 0 * w so its pass reaches w. The
# missing part of x.grad and all of w.grad are worked out by hand and carried by a 17th root, past the
# 16 roots the observers read (loss seeded with ones, then 15 copies of loss seeded with zeros).
h = (2 * torch.sigmoid(x * w)).detach()
loss = (h * x).sum() + (0 * w).sum()
s = torch.sigmoid(x * w).detach()
d = 2 * s * (1 - s) * x.detach()             # d h / d(xw) * x, by hand
surrogate = (x * (d * w.detach())).sum() + (w * (d * x.detach())).sum()
torch.autograd.backward([loss] * 16 + [surrogate],
                        [torch.ones_like(loss)] + [torch.zeros_like(loss)] * 15 + [torch.ones_like(surrogate)])
