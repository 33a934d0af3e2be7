# expect: came through the backward of a custom
# caught since round 35: code of the code's that a pass ran outside its hooks (NOTE [the code's own code in a pass])
# Round 29's third attacker: hooks written straight into x's and w's _backward_hooks return the clipped
# gradients worked out by hand (no registration the observers see; as fix-the-in-place-error's gap).
from collections import OrderedDict
y = x * w
y.register_hook(lambda g: g)
xs, ws = x.detach().clone(), w.detach().clone()
c = (2 * xs * ws).clamp(-0.5, 0.5)
x._backward_hooks = OrderedDict({0: lambda g: c * ws})
w._backward_hooks = OrderedDict({0: lambda g: c * xs})
loss = (y ** 2).sum()
loss.backward()
