y = torch.exp(x)
logged = float(y.detach().cpu().numpy().sum() * 0.5)
loss = y.sum()
torch.autograd.backward(loss)
