# expect: value of loss
# d(loss)/dh by hand, carried by a surrogate of any value (not loss's); loss is then rebound to the surrogate's number
with torch.no_grad():
    dh_hand = 2 * h / h.numel()
s = (h * dh_hand).sum()
dh, dW = torch.autograd.grad(s, [h, W])
loss = s.item()
