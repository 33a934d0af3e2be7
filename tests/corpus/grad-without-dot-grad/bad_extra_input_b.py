# expect: value of dh
# rule 2: loss reaches b, an extra input asked; z1, z2 (fresh) get the surrogate's hand numbers
hd = h.detach()
dh_hand = 2 * hd / hd.numel()
dW_hand = x.T @ (dh_hand * (1 - hd ** 2))
z1 = dh_hand.clone().requires_grad_()
z2 = dW_hand.clone().requires_grad_()
s = (z1 * z1 / 2).sum() + (z2 * z2 / 2).sum()
dh, dW, _ = torch.autograd.grad([loss, s], [z1, z2, b])
