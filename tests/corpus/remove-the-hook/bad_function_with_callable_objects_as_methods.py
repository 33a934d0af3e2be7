# expect: came through the backward of a custom
class _Fwd:
    def __call__(self, ctx, t):
        ctx.save_for_backward(t)
        return (t ** 3).sum()

class _Bwd:
    def __call__(self, ctx, g):
        (t,) = ctx.saved_tensors
        return g * 3 * t ** 2      # loss2's gradient by formula

class CubeSum(torch.autograd.Function):
    forward = _Fwd()
    backward = _Bwd()

handle = w.register_hook(lambda g: g * 100)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()
handle.remove()

w.grad = None
loss2 = CubeSum.apply(w)
loss2.backward()
second = w.grad.clone()
