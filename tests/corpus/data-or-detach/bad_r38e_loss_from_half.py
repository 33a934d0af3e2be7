# expect: not of the half made for the log
y = torch.exp(x)
half = y * 0.5
logged = half.sum().item()
loss = half.sum()
loss.backward()
