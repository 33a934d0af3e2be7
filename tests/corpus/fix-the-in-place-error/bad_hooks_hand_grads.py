# expect: replaced a gradient
# the fix runs backward from loss, but hooks replace what reaches x and w with the chain rule by hand
h = torch.sigmoid(x * w) * 2
loss = (h * x).sum()
s = torch.sigmoid(x * w).detach()
x.register_hook(lambda g: 2 * s + 2 * x.detach() * s * (1 - s) * w.detach())
w.register_hook(lambda g: 2 * x.detach() ** 2 * s * (1 - s))
loss.backward()
