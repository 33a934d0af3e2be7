y = torch.exp(x)
loss = y.sum()
logged = loss.item() / 2
loss.backward()
