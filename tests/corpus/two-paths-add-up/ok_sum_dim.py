loss = torch.sum(x * a + x.exp(), dim=0)
loss.backward()
