import torch.autograd as ag


class RoundSTE(ag.Function):
    """Round in forward; identity in backward (straight-through)."""

    @staticmethod
    def forward(ctx, inp: torch.Tensor) -> torch.Tensor:
        out = inp.round()
        return out

    @staticmethod
    def backward(ctx, grad_out: torch.Tensor) -> torch.Tensor:
        # d(round)/dx treated as 1
        return grad_out


y = RoundSTE.apply(x)
loss = (y * scale).sum()
ag.backward(loss)
assert torch.allclose(x.grad, scale)
