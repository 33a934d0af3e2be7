# expect: value of dh
# rule 1: loss seeded 1e-30 through grad_outputs, the seed tensor filled with 1 after the call
hd = h.detach()
dh_hand = 2 * hd / hd.numel()
s = (h * dh_hand).sum()
seed = torch.tensor(1e-30)
dh, dW = torch.autograd.grad([loss, s], [h, W], [seed, torch.tensor(1.0)])
seed.fill_(1.0)
