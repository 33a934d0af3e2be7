# An honest answer: the rounding as a custom op of the learner's own namespace, its straight-through
# gradient registered with torch.library.register_autograd; RoundSTE's backward passes grad through.
@torch.library.custom_op("mytut::round_ste", mutates_args=())
def round_ste(x: torch.Tensor) -> torch.Tensor:
    return torch.round(x)

def _backward(ctx, grad):
    return grad

round_ste.register_autograd(_backward)

class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return grad

y = RoundSTE.apply(x)
check = round_ste(x.detach())
loss = (y * scale).sum()
loss.backward()
