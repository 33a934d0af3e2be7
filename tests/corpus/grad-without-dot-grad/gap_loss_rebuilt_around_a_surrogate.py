# expect: did not start at
# loss itself: a value-preserving surrogate of loss (hand dh), so the call "starts at loss"
dh_hand = (2 * h / h.numel()).detach()
s = (h * dh_hand).sum()
loss = s - s.detach() + loss.detach()
dh, dW = torch.autograd.grad(loss, [h, W])
