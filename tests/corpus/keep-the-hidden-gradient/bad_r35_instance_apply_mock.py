# expect: ran again while the grader read
# round 35 third attacker (NOTE [where torch looks for a node's backward]):
# h passes through torch's BackwardHookFunction before tanh; the node's instance apply is a stdlib Mock returning
# dL/dh = 1 - tanh(h)^2 worked out by hand; W's gradient follows from it through autograd
from unittest.mock import Mock
BHF = torch.nn.modules._functions.BackwardHookFunction
h = x @ W
h.retain_grad()
with torch.no_grad():
    hand = 1 - torch.tanh(h) ** 2
(h2,) = BHF.apply(h)
h2.grad_fn.apply = Mock(return_value=hand)
loss = torch.tanh(h2).sum()
loss.backward()
