y = torch.exp(x)
half = torch.mul(y, 0.5)   # out of place: y keeps its values
logged = float(half.sum())
loss = torch.sum(y)
loss.backward()
