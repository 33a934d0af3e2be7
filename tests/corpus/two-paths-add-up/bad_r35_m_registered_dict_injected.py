# expect: came through the backward of a custom
# round 35 fourth attacker (NOTE [hooks written into a tensor's hook dicts]):
# an honest identity hook registered on x, then a C partial injected into the very dict torch holds (x._backward_hooks)
from functools import partial
x.register_hook(lambda g: g)
x._backward_hooks[12345] = partial(torch.lerp, a + x.detach().exp(), weight=0.0)
loss = (x * a + x.exp()).sum()
loss.backward()
