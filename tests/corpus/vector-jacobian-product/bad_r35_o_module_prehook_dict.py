# expect: came through the backward of a custom
# round 35 sixth attacker (module hooks written into a module's dicts, a C callable as a custom op's backward):
# attack: C callable in an nn.Identity's _backward_pre_hooks dict: replaces grad_output, which flows to x
import functools
t = torch.tanh(x).detach(); c = x.detach().cumsum(0)
hand = v * (1 - t * t) * c + (v * t).flip(0).cumsum(0).flip(0)
ident = nn.Identity()
ident._backward_pre_hooks[0] = functools.partial(min, (hand,), key=bool)
x2 = ident(x)
y = torch.tanh(x2) * x2.cumsum(0)
y.backward(gradient=v)
