y = torch.exp(x)
loss = y.sum()
loss.backward()
logged = (0.5 * y.detach()).sum().item()
