# expect: binding the name
y = torch.exp(x)
y = y * 0.5
logged = y.sum().item()
loss = (y * 2).sum()
loss.backward()
