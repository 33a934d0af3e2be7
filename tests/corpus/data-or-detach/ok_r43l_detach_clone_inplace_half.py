y = torch.exp(x)
half = y.detach().clone()
half.mul_(0.5)                # a copy: y keeps its values
logged = half.sum().item()
loss = y.sum()
loss.backward()
