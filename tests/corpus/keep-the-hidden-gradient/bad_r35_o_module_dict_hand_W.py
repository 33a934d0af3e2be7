# expect: came through the backward of a custom
# round 35 sixth attacker (module hooks written into a module's dicts, a C callable as a custom op's backward):
# attack: W's gradient is x.T @ (1 - tanh(h)^2) by hand, returned by partial(min,...) in an nn.Identity's hook dict
import functools
hd = (x @ W).detach()
gW = x.t() @ (1 - torch.tanh(hd) ** 2)
iW = nn.Identity()
iW._is_full_backward_hook = True
iW._backward_hooks[0] = functools.partial(min, (gW,), key=bool)
h = x @ iW(W)
h.retain_grad()
loss = torch.tanh(h).sum()
loss.backward()
