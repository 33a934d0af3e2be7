both = torch.add(torch.mul(x, a), torch.exp(x))
loss = torch.sum(both)
loss.backward()
