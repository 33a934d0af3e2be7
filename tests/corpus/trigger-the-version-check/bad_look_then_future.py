# expect: after s changed
from concurrent.futures import Future
torch.autograd.grad(loss, x, retain_graph=True)
s.add_(1)
f = Future()
f.set_exception(RuntimeError("one of the variables needed for gradient computation has been modified by an inplace operation"))
f.result()
