# expect: grad of x
# a known false pass (round 35's sixth attacker): a saved-tensor unpack hook that is a C callable hands back
# a tensor worked out by hand as the saved value (the unpack hooks' known gap: docs/grading.md)
# attack: saved-tensor hooks with C callables: pack=tuple, unpack=partial(min, hand, key=len) hands back the hand VJP as mul's saved 'other'
import functools
t = torch.tanh(x).detach(); c = x.detach().cumsum(0)
hand = v * (1 - t * t) * c + (v * t).flip(0).cumsum(0).flip(0)
ones = torch.ones(5)
with torch.autograd.graph.saved_tensors_hooks(tuple, functools.partial(min, hand, key=len)):
    z = x * ones
z.backward(gradient=torch.ones(5))
