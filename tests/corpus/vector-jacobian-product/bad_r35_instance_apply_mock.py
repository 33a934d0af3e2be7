# expect: ran again while the grader read
# round 35 third attacker (NOTE [where torch looks for a node's backward]):
# node instance apply = unittest.mock.Mock(return_value=hand): only stdlib frames run in the pass
from unittest.mock import Mock
BHF = torch.nn.modules._functions.BackwardHookFunction
with torch.no_grad():
    xx = x.detach()
    t = torch.tanh(xx)
    c = xx.cumsum(0)
    hand = v * (1 - t ** 2) * c + (v * t).flip(0).cumsum(0).flip(0)
(x2,) = BHF.apply(x)
y = (torch.tanh(x) * x.cumsum(0)).detach() + 0 * x2
x2.grad_fn.apply = Mock(return_value=hand)
y.backward(gradient=v)
