# expect: grad of
h = torch.sigmoid(x * w)
h.data.mul_(2)          # silences the error ...
loss = (h * x).sum()
loss.backward()
with torch.no_grad():    # ... and patch up what it broke
    s = h / 2
    w.grad = 2 * s * (1 - s) * x * x
    x.grad = h + 2 * s * (1 - s) * w * x
