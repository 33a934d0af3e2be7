y = torch.exp(x)
logged = float(y.detach().sum()) / 2
loss = y.sum()
loss.backward()
