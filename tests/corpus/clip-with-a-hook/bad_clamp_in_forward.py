# expect: loss
y = x * w
loss = (y.clamp(-0.5, 0.5) ** 2).sum()
loss.backward()
