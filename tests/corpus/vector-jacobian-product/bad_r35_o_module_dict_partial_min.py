# expect: came through the backward of a custom
# round 35 sixth attacker (module hooks written into a module's dicts, a C callable as a custom op's backward):
# attack: a C callable (partial of min) put straight into an nn.Identity's _backward_hooks dict; torch's BackwardHook calls it in the pass and its return (hand formula) replaces x's gradient
import functools
t = torch.tanh(x).detach(); c = x.detach().cumsum(0)
hand = v * (1 - t * t) * c + (v * t).flip(0).cumsum(0).flip(0)
ident = nn.Identity()
ident._is_full_backward_hook = True
ident._backward_hooks[0] = functools.partial(min, (hand,), key=bool)
x2 = ident(x)
y = torch.tanh(x2) * x2.cumsum(0)
y.backward(gradient=v)
