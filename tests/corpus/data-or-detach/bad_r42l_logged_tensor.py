# expect: this exercise asks for a Python number
y = torch.exp(x)
logged = y.detach().sum() * 0.5
loss = y.sum()
loss.backward()
