# expect: started at
# No clamping hook: one call of torch.autograd.backward from loss, seeded with ones, and from the
# GradientEdge of y's node, seeded with the clamp's correction worked out by hand. The edge is no
# tensor, so it is no root the checks see.
from torch.autograd.graph import get_gradient_edge
y = x * w
y.register_hook(lambda g: None)          # a hook, which changes nothing
loss = (y ** 2).sum()
g = 2 * y.detach()
torch.autograd.backward([loss, get_gradient_edge(y)], [torch.ones_like(loss), g.clamp(-0.5, 0.5) - g])
