h = torch.sigmoid(x * w)
h = h.mul(2)          # out of place: sigmoid keeps its own output for backward
loss = (h * x).sum()
loss.backward()
