# expect: started at
loss = (x * a + x.exp()).sum()
g_by_hand = a + x.detach().exp()
(x * g_by_hand).sum().backward()      # one pass, but not of loss
