# expect: not left there by a backward pass
h = torch.sigmoid(x * w)
h2 = h * 2
loss = (h2 * x).sum()
(h * x).sum().backward()         # backward on the unscaled loss ...
with torch.no_grad():
    x.grad.mul_(2)               # ... then scale the gradients by hand
    w.grad.mul_(2)
h = h2
