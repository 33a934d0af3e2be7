# expect: grad of w
h = torch.sigmoid(x * w).detach()
h.mul_(2)
loss = (h * x).sum()
loss.backward()
