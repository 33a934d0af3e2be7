# expect: backward
loss = (x * a + x.exp()).sum()
torch.autograd.grad(loss, x)          # result thrown away
x.grad = a + x.detach().exp()         # worked out by hand
