# expect: grad of
h = x @ W
h.retain_grad()
loss = torch.tanh(h).sum()
loss.backward(retain_graph=True)
loss.backward()
