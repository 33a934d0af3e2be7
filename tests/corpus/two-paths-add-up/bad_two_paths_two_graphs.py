# expect: started at
# each path backpropagated through one graph that is not loss: x used twice but loss unused
loss = (x * a + x.exp()).sum()
p1 = x * a
p2 = x.exp()
torch.autograd.backward([p1, p2], [torch.ones_like(p1), torch.ones_like(p2)])
