s.put_(torch.arange(3, device=s.device), torch.ones(3, device=s.device), accumulate=True)
loss.backward()
