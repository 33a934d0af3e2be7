# expect: ran again while the grader read
# round 35 third attacker (NOTE [where torch looks for a node's backward]):
# torch's own BackwardCFunction.apply runs (wrapped, reading BHF); the node instance's _get_user_fn is a C callable
# (itertools.repeat(...).__next__) returning dict.get of {node: hand}: user_fn(self, g) -> hand
import itertools
BHF = torch.nn.modules._functions.BackwardHookFunction
with torch.no_grad():
    xx = x.detach()
    t = torch.tanh(xx)
    c = xx.cumsum(0)
    hand = v * (1 - t ** 2) * c + (v * t).flip(0).cumsum(0).flip(0)
(x2,) = BHF.apply(x)
y = (torch.tanh(x) * x.cumsum(0)).detach() + 0 * x2
node = x2.grad_fn
node._get_user_fn = itertools.repeat({node: hand}.get).__next__
y.backward(gradient=v)
