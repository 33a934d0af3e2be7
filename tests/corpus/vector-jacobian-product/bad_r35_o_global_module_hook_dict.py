# expect: came through the backward of a custom
# round 35 sixth attacker (module hooks written into a module's dicts, a C callable as a custom op's backward):
# attack: C callable written into torch's global module backward-hook dict (no registration); any module call in the pass picks it up
import functools
import torch.nn.modules.module as mm
t = torch.tanh(x).detach(); c = x.detach().cumsum(0)
hand = v * (1 - t * t) * c + (v * t).flip(0).cumsum(0).flip(0)
mm._global_is_full_backward_hook = True
mm._global_backward_hooks[987] = functools.partial(min, (hand,), key=bool)
x2 = nn.Identity()(x)
mm._global_backward_hooks.pop(987)
y = torch.tanh(x2) * x2.cumsum(0)
y.backward(gradient=v)
