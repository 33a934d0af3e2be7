# expect: logged
y = torch.exp(x)
logged = (y.detach() * 0.5).sum()
loss = y.sum()
loss.backward()
