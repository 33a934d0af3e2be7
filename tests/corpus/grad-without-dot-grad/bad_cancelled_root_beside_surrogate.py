# expect: value of dh
# one call from [loss, s - loss]: loss's own part cancels; dh is d(loss)/dh worked out by hand, carried by s
with torch.no_grad():
    gh = 2 * h / h.numel()
s = (h * gh).sum()
dh, dW = torch.autograd.grad([loss, s - loss], [h, W])
