clip = torch.nn.Hardtanh(min_val=-0.5, max_val=0.5)
y = x * w
y.register_hook(clip)
loss = (y ** 2).sum()
loss.backward()
