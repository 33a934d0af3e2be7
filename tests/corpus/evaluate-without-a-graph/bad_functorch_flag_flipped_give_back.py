# expect: built an autograd graph
# round 31's first attacker: two wrapper frames of Function.apply around one node (a functorch flag of the code's)
# graph built (6 nodes), then detached; torch's Function.apply reads torch._C._are_functorch_transforms_active
# at call time: made to say True once, apply goes to custom_function_call, which (transforms really off)
# calls Function.apply again: two wrapper frames, one node, two numbers given back
val_loss = F.mse_loss(model(X_val), y_val).detach()

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
    for _ in range(20):
        _flip[0] = 1
        Sq.apply(_z)
torch._C._are_functorch_transforms_active = _orig
