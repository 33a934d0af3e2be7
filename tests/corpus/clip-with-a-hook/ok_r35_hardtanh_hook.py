y = x * w
torch.Tensor.register_hook(y, lambda g: F.hardtanh(g, -0.5, 0.5))
loss = (y ** 2).sum()
loss.backward()
