hidden = x.mm(W)
h = hidden
h.retain_grad()
loss = torch.tanh(h).sum()
torch.autograd.backward([loss])
