# expect: after s changed
# a first, clean pass through loss (before s changes) ...
torch.autograd.grad(loss, x, retain_graph=True)
s.add_(1)
# ... and the error itself from a graph of my own
t = x.exp()
t.add_(1)
t.sum().backward()
