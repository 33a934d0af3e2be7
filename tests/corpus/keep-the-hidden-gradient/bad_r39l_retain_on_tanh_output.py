# expect: retain_grad()
h = x @ W
a = torch.tanh(h)
a.retain_grad()
loss = a.sum()
loss.backward()
