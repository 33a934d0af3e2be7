left = torch.mul(x, a)
right = torch.exp(x)
loss = torch.add(left, right).sum()
torch.autograd.backward(tensors=[loss])
