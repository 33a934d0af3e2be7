# expect: cuts `y` itself from the graph
y = torch.exp(x)
half = y.detach_()
half = half * 0.5
logged = half.sum().item()
loss = y.sum()
loss.backward()
