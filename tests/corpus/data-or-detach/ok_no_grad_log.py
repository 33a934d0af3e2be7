y = x.exp()
with torch.no_grad():
    logged = float((y / 2).sum())
loss = y.sum()
loss.backward()
