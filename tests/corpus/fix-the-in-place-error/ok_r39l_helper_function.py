def scaled_sigmoid(t, scale=2):
    return torch.sigmoid(t) * scale

h = scaled_sigmoid(x * w)
loss = (h * x).sum()
loss.backward()
