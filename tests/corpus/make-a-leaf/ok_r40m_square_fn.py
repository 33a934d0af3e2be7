x = data.detach().clone().requires_grad_(True)
y = torch.square(x).sum()
