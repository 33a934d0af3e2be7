# expect: ran again while the grader read
# round 35 third attacker (NOTE [where torch looks for a node's backward]):
# node instance `apply` set to a C callable (functools.partial of torch.add): no Python frame runs in the pass
import functools
BHF = torch.nn.modules._functions.BackwardHookFunction
with torch.no_grad():
    xx = x.detach()
    t = torch.tanh(xx)
    c = xx.cumsum(0)
    hand = v * (1 - t ** 2) * c + (v * t).flip(0).cumsum(0).flip(0)
(x2,) = BHF.apply(x)
x2.grad_fn.apply = functools.partial(torch.add, hand, alpha=0)
y = (torch.tanh(x) * x.cumsum(0)).detach() + 0 * x2
y.backward(gradient=v)
