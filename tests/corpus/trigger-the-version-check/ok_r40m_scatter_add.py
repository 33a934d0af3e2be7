s.scatter_add_(0, torch.arange(3, device=s.device), torch.ones(3, device=s.device))
loss.backward()
