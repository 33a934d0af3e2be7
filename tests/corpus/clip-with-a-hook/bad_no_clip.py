# expect: grad of w
y = x * w
loss = (y ** 2).sum()
loss.backward()
