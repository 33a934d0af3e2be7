h = 2 * torch.special.expit(x * w)
loss = torch.sum(h * x)
loss.backward()
