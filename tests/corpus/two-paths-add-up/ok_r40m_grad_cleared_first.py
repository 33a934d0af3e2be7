loss = (x * a + x.exp()).sum()
x.grad = None
loss.backward(retain_graph=True)
