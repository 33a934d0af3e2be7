w = w.requires_grad_()    # returns w itself
handle = w.register_hook(lambda g: g.mul(100))
loss1 = w.pow(2).sum()
loss1.backward()
first = torch.clone(w.grad)
handle.remove()

w.grad = None
loss2 = w.pow(3).sum()
loss2.backward()
second = torch.clone(w.grad)
