y = torch.exp(x)
half = torch.empty_like(y).copy_(y.detach())
half.mul_(0.5)                # in place on a tensor of its own
logged = half.sum().item()
loss = y.sum()
loss.backward()
