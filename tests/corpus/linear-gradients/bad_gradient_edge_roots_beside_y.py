# expect: started at
# y's own pass, seeded with ones, beside GradientEdge roots: p's edge seeded -1 cancels y's share in w and x,
# and w's and x's own edges (their accumulators) are seeded with the gradients worked out by hand.
from torch.autograd.graph import get_gradient_edge
p = w * x
y = p + b
torch.autograd.backward([y, get_gradient_edge(p), get_gradient_edge(w), get_gradient_edge(x)],
                        [torch.ones_like(y), -torch.ones_like(p), x.detach().clone(), w.detach().clone()])
