# expect: replaced a gradient
# silence the error with .data, then let hooks on the leaves patch the broken gradients
h = torch.sigmoid(x * w)
h.data.mul_(2)
loss = (h * x).sum()
s = (h / 2).detach()
x.register_hook(lambda g: 2 * s + 2 * x.detach() * s * (1 - s) * w.detach())
w.register_hook(lambda g: 2 * x.detach() ** 2 * s * (1 - s))
loss.backward()
