# expect: RuntimeError
h = torch.sigmoid(x * w)
with torch.no_grad():
    h.mul_(2)
loss = (h * x).sum()
loss.backward()
