y = torch.exp(x)
logged = y.sum().div(2).item()
loss = y.sum()
loss.backward()
