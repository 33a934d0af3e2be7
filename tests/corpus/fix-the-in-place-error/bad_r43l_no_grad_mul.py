# expect: used under torch.no_grad()
h = torch.sigmoid(x * w)
with torch.no_grad():
    h = h * 2          # no graph for the scale
loss = (h * x).sum()
loss.backward()
