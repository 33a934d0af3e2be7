# expect: came through the backward of a custom
# round 35 sixth attacker (module hooks written into a module's dicts, a C callable as a custom op's backward):
# attack: torch.utils.hooks.BackwardHook built by the code with a C callable user hook; torch's file registers the node hooks
import functools
from torch.utils.hooks import BackwardHook
t = torch.tanh(x).detach(); c = x.detach().cumsum(0)
hand = v * (1 - t * t) * c + (v * t).flip(0).cumsum(0).flip(0)
bh = BackwardHook(nn.Identity(), [functools.partial(min, (hand,), key=bool)], [])
(x2,) = bh.setup_input_hook((x,))
y = torch.tanh(x2) * x2.cumsum(0)
(y,) = bh.setup_output_hook((y,))
y.backward(gradient=v)
