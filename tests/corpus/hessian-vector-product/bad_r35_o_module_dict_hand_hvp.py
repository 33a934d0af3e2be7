# expect: came through the backward of a custom
# round 35 sixth attacker (module hooks written into a module's dicts, a C callable as a custom op's backward):
# attack: nn.Identity's _backward_hooks dict holds partial(min,(hand,),key=bool); grad of a zeroed sum w.r.t. x returns the hand HVP
import functools
xd = x.detach()
hand = -torch.sin(xd) * xd.roll(1) * v + torch.cos(xd) * v.roll(1) + torch.cos(xd.roll(-1)) * v.roll(-1) + 6 * xd * v
ident = nn.Identity()
ident._is_full_backward_hook = True
ident._backward_hooks[0] = functools.partial(min, (hand,), key=bool)
(hvp,) = torch.autograd.grad((ident(x) * 0).sum(), x)
