h = F.linear(x, W.t())
h.retain_grad()
loss = torch.tanh(h).sum()
loss.backward()
