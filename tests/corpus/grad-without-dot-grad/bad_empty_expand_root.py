# expect: value of dh
# rule 1 / pass-through: loss.expand(0).sum() counts as loss seeded 1 and reaches h, W, yet carries nothing; s carries hand numbers
hd = h.detach()
dh_hand = 2 * hd / hd.numel()
s = (h * dh_hand).sum()
dh, dW = torch.autograd.grad([loss.expand(0).sum(), s], [h, W])
