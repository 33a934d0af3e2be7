# expect: RoundSTE's backward passes any incoming gradient through
# RoundSTE's backward clamps the gradient to [-1e4, 1e4] (bad_clamp_at_ten_thousand.py): right for this
# loss, whose gradient is `scale`, wrong for any large one. The check that feeds it 1e6 replays
# `getattr(y.grad_fn, '_forward_cls', RoundSTE).apply(x)`. Round 43 (NOTE [an attribute that hides torch's],
# lookups.py) reads the node's own dict for a callable under a name of its class's, and the node class's dict
# for a *key* FunctionMeta does not put there; but `_forward_cls` is such a key, and its *value* is not read.
# After its own pass the code rebinds the node class's `_forward_cls` (`type(y.grad_fn)._forward_cls`, i.e.
# `RoundSTE._backward_cls._forward_cls`) to another Function of its own that passes gradients through: the check
# replays that one, never the RoundSTE that made y, and `type(y.grad_fn).__name__` still says RoundSTEBackward.
class _Through(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return grad


class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return grad.clamp(-1e4, 1e4)


y = RoundSTE.apply(x)
loss = (y * scale).sum()
loss.backward()
type(y.grad_fn)._forward_cls = _Through
