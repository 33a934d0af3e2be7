# expect: graph of loss
loss = (x * a + torch.exp(x)).mean()
loss.backward()
