# expect: retain_grad()
h = x @ W
W.retain_grad()
loss = torch.tanh(h).sum()
loss.backward()
