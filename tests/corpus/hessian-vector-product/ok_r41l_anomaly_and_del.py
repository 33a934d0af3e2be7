torch.autograd.set_detect_anomaly(True)
loss = f(x)
grads = torch.autograd.grad(loss, [x], create_graph=True)
gv = torch.einsum("i,i->", grads[0], v)
hvp = torch.autograd.grad([gv], [x])[0]
del loss, grads, gv
