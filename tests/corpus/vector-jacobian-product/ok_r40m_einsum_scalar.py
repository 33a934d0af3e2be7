y = torch.tanh(x) * x.cumsum(0)
torch.einsum('i,i->', v, y).backward()
