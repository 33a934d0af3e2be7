# expect: value of dh
# rule 2: loss rebound to itself through 5000 no-op views, so the reach walk gives up (>4096 nodes)
hd = h.detach()
dh_hand = 2 * hd / hd.numel()
dW_hand = x.T @ (dh_hand * (1 - hd ** 2))
z1 = dh_hand.clone().requires_grad_()
z2 = dW_hand.clone().requires_grad_()
for _ in range(5000):
    loss = loss.view(())
s = (z1 * z1 / 2).sum() + (z2 * z2 / 2).sum()
dh, dW = torch.autograd.grad([loss, s], [z1, z2])
