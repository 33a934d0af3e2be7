# expect: started at
loss = (x * a + x.exp()).sum()
handle = x.register_hook(lambda g: a + x.detach().exp())   # the answer by hand
(x * a).sum().backward()                                      # only one path's pass
handle.remove()
