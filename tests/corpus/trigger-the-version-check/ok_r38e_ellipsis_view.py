s[...] += 1
torch.autograd.backward([loss], grad_tensors=[torch.ones_like(loss)])
