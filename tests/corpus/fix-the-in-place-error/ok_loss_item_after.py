# ok: the fix, then loss kept as a number for a log (it was the tensor backward started at)
h = torch.sigmoid(x * w) * 2
loss = (h * x).sum()
torch.autograd.backward([loss])
loss = loss.item()
