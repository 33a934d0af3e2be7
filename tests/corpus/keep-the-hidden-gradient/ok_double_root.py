h = x @ W
h.retain_grad()
loss = torch.tanh(h).sum()
loss.double().backward()   # backward in double precision
