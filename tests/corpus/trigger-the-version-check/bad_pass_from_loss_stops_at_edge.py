# expect: reaches exp
# a pass from loss that stops at the edge into exp's node (never runs the version check), then the error from our own graph
from torch.autograd.graph import GradientEdge
s.add_(1)
torch.autograd.grad(loss, GradientEdge(loss.grad_fn.next_functions[0][0], 0))
t = x.exp()
t.add_(1)
t.sum().backward()
