h = x @ W
act = torch.tanh(h)
loss = act.sum()
h.retain_grad()
loss.backward()
dl_dh = h.grad
