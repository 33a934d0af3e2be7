m = torch.mul(x, a)
e = torch.exp(x)
loss = torch.add(m, e).sum()
torch.autograd.backward([loss])
