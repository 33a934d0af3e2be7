y = torch.tanh(x) * torch.cumsum(x, dim=0)
torch.inner(y, v).backward(retain_graph=True)
