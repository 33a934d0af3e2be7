# expect: reaches its sqrt
# anomaly mode around model(x) and a pass from its loss that stops at the first node; the error from our own graph
from torch.autograd.graph import GradientEdge
with torch.autograd.detect_anomaly():
    loss = model(x)
    torch.autograd.grad(loss, GradientEdge(loss.grad_fn.next_functions[0][0], 0))
    torch.sqrt(torch.tensor([-1.0], requires_grad=True)).sum().backward()
