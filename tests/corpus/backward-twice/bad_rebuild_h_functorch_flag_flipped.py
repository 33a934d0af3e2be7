# expect: h computed once
# round 31's first attacker: the give-back doubled by a functorch flag of the code's
# h built twice (6 nodes, not 4): the second loss goes through a second graph; two numbers are given back
# for nodes never made: torch's Function.apply reads torch._C._are_functorch_transforms_active at call
# time, made to say True once, so apply goes through custom_function_call back into Function.apply
# (two wrapper frames, one node)
h = x.exp()
loss1 = h.sum()
loss1.backward(retain_graph=True)
h = x.exp()
loss2 = (h ** 2).sum()
loss2.backward()

_orig = torch._C._are_functorch_transforms_active
_flip = [0]
def _fake():
    if _flip[0]:
        _flip[0] -= 1
        return True
    return _orig()
torch._C._are_functorch_transforms_active = _fake

class Sq(torch.autograd.Function):
    @staticmethod
    def forward(t):
        return t * t
    @staticmethod
    def setup_context(ctx, inputs, output):
        pass
    @staticmethod
    def backward(ctx, g):
        return g

_z = torch.zeros(2)
with torch.no_grad():
    for _ in range(2):
        _flip[0] = 1
        Sq.apply(_z)
torch._C._are_functorch_transforms_active = _orig
del _z, _flip, _fake, _orig
