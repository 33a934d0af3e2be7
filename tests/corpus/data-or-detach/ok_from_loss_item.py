y = torch.exp(x)
loss = y.sum()
logged = 0.5 * loss.item()
loss.backward()
