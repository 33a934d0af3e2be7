y = torch.exp(x)
logged = 0.5 * torch.exp(x.detach()).sum().item()
loss = torch.sum(y)
torch.autograd.backward(loss)
