# expect: came through the backward of a custom
# round 35 fifth attacker (a node's hook dict, from a handle: NOTE [hooks written into a tensor's hook dicts]):
# no extra node: pre-hook dicts on the loss's own nodes: the mul path's grad zeroed, the exp node's swapped for hand/exp(x)
from functools import partial
xd = x.detach()
e = xd.exp()
loss = (x * a + x.exp()).sum()
add = loss.grad_fn.next_functions[0][0]
mul, ex = add.next_functions[0][0], add.next_functions[1][0]
h1 = mul.register_prehook(lambda g: None); h1.hooks_dict_ref()[h1.id] = partial(min, (torch.zeros(3),), key=len)
h2 = ex.register_prehook(lambda g: None); h2.hooks_dict_ref()[h2.id] = partial(min, ((a + e) / e,), key=len)
loss.backward()
