# expect: came through the backward of a custom
# round 35 fourth attacker (NOTE [hooks written into a tensor's hook dicts]):
# w, x, b hook dicts set straight to Mocks (stdlib code, no frame of the code's) returning hand gradients
from collections import OrderedDict
from unittest.mock import Mock
hw, hx, hb = x.detach().clone(), w.detach().clone(), torch.ones_like(b)
w._backward_hooks = OrderedDict({0: Mock(return_value=hw)})
x._backward_hooks = OrderedDict({0: Mock(return_value=hx)})
b._backward_hooks = OrderedDict({0: Mock(return_value=hb)})
y = w * x + b
y.backward()
