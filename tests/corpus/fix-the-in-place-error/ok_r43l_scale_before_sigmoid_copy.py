s = torch.sigmoid(x * w)
h = s.clone()
h.mul_(2)             # in place on a copy: sigmoid's saved output untouched
loss = (h * x).sum()
loss.backward()
