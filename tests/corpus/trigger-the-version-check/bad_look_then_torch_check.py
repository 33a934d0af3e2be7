# expect: after s changed
torch.autograd.grad(loss, x, retain_graph=True)
s.add_(1)
torch._check(False, lambda: "one of the variables needed for gradient computation has been modified by an inplace operation")
