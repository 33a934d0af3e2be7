# expect: value of dh
# rule 2: fresh leaves asked through a generator; loss reaches neither
hd = h.detach()
dh_hand = 2 * hd / hd.numel()
dW_hand = x.T @ (dh_hand * (1 - hd ** 2))
z1 = dh_hand.clone().requires_grad_()
z2 = dW_hand.clone().requires_grad_()
s = (z1 * z1 / 2).sum() + (z2 * z2 / 2).sum()
dh, dW = torch.autograd.grad([loss, s], (t for t in (z1, z2)))
