h = (x * w).sigmoid_()
h = h * 2
loss = (h * x).sum()
loss.backward()
