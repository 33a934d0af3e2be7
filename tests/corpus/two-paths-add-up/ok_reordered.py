loss = (x.exp() + a * x).sum()
loss.backward()
