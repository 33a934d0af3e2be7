# expect: grad of h
h = x @ W
h.retain_grad()
loss = torch.tanh(h).mean()
loss.backward()
