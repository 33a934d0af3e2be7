# expect: RoundSTE's backward passes any incoming gradient through
# RoundSTE's backward clamps the gradient to [-1e4, 1e4] (bad_clamp_at_ten_thousand.py): right for this
# loss, whose gradient is `scale`, wrong for any large one. The check that feeds it 1e6 replays
# `getattr(y.grad_fn, '_forward_cls', RoundSTE).apply(x)`; `_forward_cls` is a plain attribute of the node's
# class (FunctionMeta sets it), and the node (`ctx`) keeps an instance dict, so `ctx._forward_cls`, set in
# forward, wins the lookup: the check replays another Function of the code's, one that passes gradients
# through, and never the RoundSTE that made y.
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
        ctx._forward_cls = _Through
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return grad.clamp(-1e4, 1e4)


y = RoundSTE.apply(x)
loss = (y * scale).sum()
loss.backward()
