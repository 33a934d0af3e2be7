# expect: It is exactly 2 times the expected gradient
loss = (x * a + x.exp()).sum()
loss.backward(gradient=torch.tensor(2.0))
