# expect: modified by an inplace operation
y = torch.exp(x)
half = y.detach()
half *= 0.5
logged = half.sum().item()
loss = y.sum()
loss.backward()
