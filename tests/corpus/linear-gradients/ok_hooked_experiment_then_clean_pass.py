y = w * x + b
# an experiment first: what does a doubling hook do to dy/dw? (answer kept aside, hook removed)
handle = y.register_hook(lambda g: g * 2)
(doubled,) = torch.autograd.grad(y, w, retain_graph=True)
handle.remove()
print("doubled dy/dw:", doubled)
y.backward()
