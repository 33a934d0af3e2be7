# expect: value of hvp
# a known false pass (round 35's sixth attacker): a saved-tensor unpack hook that is a C callable hands back
# a tensor worked out by hand as the saved value (the unpack hooks' known gap: docs/grading.md)
# attack: saved-tensor hooks of C callables (pack=tuple, unpack=partial(min, hand, key=len)) hand mul's saved factor = the hand HVP
import functools
xd = x.detach()
hand = -torch.sin(xd) * xd.roll(1) * v + torch.cos(xd) * v.roll(1) + torch.cos(xd.roll(-1)) * v.roll(-1) + 6 * xd * v
with torch.autograd.graph.saved_tensors_hooks(tuple, functools.partial(min, hand, key=len)):
    z = x * torch.ones(4)
(hvp,) = torch.autograd.grad(z.sum(), x)
