loss = x.mul(a).add(x.exp()).sum()
torch.autograd.backward(loss)
