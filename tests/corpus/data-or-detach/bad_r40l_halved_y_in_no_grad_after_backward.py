# expect: 0.5 times the expected value
y = torch.exp(x)
loss = y.sum()
loss.backward()
with torch.no_grad():
    y *= 0.5
logged = y.sum().item()
