# ok: backward on .mean() of the scalar loss
h = torch.sigmoid(x * w)
h = h * 2
loss = (h * x).sum()
loss.mean().backward()  # habit: reduce to a scalar before backward (loss already is one)
