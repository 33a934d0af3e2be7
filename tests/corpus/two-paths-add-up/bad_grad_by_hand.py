# expect: one backward pass
loss = (x * a + x.exp()).sum()
x.grad = a + x.detach().exp()   # worked out by hand; no backward pass
