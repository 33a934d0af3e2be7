h = torch.tanh(w * x + b)
h.retain_grad()
loss = torch.mean((h - target) ** 2, dim=0, keepdim=False)
