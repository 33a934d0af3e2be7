# expect: loss
y = torch.exp(x)
half = y * 0.5
logged = half.sum().item()
loss = half.sum()
loss.backward()
