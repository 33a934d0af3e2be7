# expect: 1.5 times the expected gradient
y = torch.exp(x)
half = y * 0.5
half.sum().backward(retain_graph=True)
logged = half.sum().item()
loss = y.sum()
loss.backward()
