# expect: came through the backward of a custom
# round 35 sixth attacker (module hooks written into a module's dicts, a C callable as a custom op's backward):
# attack: a real clamp hook on y for show; x's and w's gradients come from hand formulas returned by partial(min,...) in two nn.Identity hook dicts
import functools
yd = (x * w).detach()
gy = (2 * yd).clamp(-0.5, 0.5)
gx, gw = gy * w.detach(), gy * x.detach()
ix, iw = nn.Identity(), nn.Identity()
for m, g in ((ix, gx), (iw, gw)):
    m._is_full_backward_hook = True
    m._backward_hooks[0] = functools.partial(min, (g,), key=bool)
y = ix(x) * iw(w)
y.register_hook(lambda grad: grad.clamp(-0.5, 0.5))
loss = (y ** 2).sum()
loss.backward()
