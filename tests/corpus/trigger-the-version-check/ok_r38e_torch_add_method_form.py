torch.Tensor.add_(s, torch.tensor(1.0, device=s.device))
torch.autograd.grad(loss, x)
