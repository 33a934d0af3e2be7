# expect: came through the backward of a custom
# round 35 sixth attacker (module hooks written into a module's dicts, a C callable as a custom op's backward):
# attack: torch.library custom op whose register_autograd backward is partial(min, hand, key=callable) (C callable; torch's generated Function calls it)
import functools
t = torch.tanh(x).detach(); c = x.detach().cumsum(0)
hand = v * (1 - t * t) * c + (v * t).flip(0).cumsum(0).flip(0)
@torch.library.custom_op("probe35o::ident", mutates_args=())
def ident_op(t: torch.Tensor) -> torch.Tensor:
    return t.clone()
ident_op.register_autograd(functools.partial(min, hand, key=callable))
x2 = ident_op(x)
y = torch.tanh(x2) * x2.cumsum(0)
y.backward(gradient=v)
