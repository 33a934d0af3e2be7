# expect: started at
# loss keeps the in-place bug; the gradients come from a second, clean forward beside it
h = torch.sigmoid(x * w)
h.mul_(2)
loss = (h * x).sum()      # still the broken graph
# gradients from a separate, clean forward
(2 * torch.sigmoid(x * w) * x).sum().backward()
