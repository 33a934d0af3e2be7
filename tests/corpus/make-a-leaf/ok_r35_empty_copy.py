x = torch.empty_like(data).copy_(data).requires_grad_(True)
y = x.pow(2).sum()
