loss = torch.mul(x, a).add(x.exp(), alpha=1).sum()
loss.backward()
