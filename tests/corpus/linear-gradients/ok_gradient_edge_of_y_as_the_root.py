from torch.autograd.graph import get_gradient_edge

y = w * x + b
# start the pass at y's own gradient edge, seeded with dy/dy = 1
torch.autograd.backward(get_gradient_edge(y), torch.ones_like(y))
