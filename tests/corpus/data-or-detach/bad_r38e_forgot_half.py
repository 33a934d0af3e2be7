# expect: logged
y = torch.exp(x)
half = y.detach()
logged = half.sum().item()
loss = y.sum()
loss.backward()
