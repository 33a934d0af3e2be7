# expect: ran again while the grader read what it left
# Round 36's fourth attacker: .grad a dispatch subclass over a pass's numbers, answering the grad probe's reads with a
# hand formula; its code exec'd into a library's globals (NOTE [results read before the code can run])
# shared prelude (pasted into each attack): a tensor subclass whose storage holds what a real pass left; its
# __torch_dispatch__ answers `detach` with numbers worked out by hand only when the grader's encode_tensor
# (the grad probe) asks; the record, the seal and everyone else read the pass's numbers. The class and its
# dispatch are exec'd into torch.nn.functional's globals: their frames are "not the code's" for the watch.
import torch.nn.functional as _nf
exec(compile('''
def _u_make(state, _getframe=__import__("sys")._getframe):
    aten = torch.ops.aten
    guard = lambda: torch._C._ExcludeDispatchKeyGuard(torch._C.DispatchKeySet(torch._C.DispatchKey.Python))
    class G(torch.Tensor):
        @classmethod
        def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
            kwargs = kwargs or {}
            if state and func is aten.detach.default:
                f, n = _getframe(1), 0
                while f is not None and n < 4:
                    if f.f_code.co_name == "encode_tensor":
                        return state[id(args[0])].clone()
                    f, n = f.f_back, n + 1
            with guard():
                return func(*args, **kwargs)
    return G
''', "<lib>", "exec"), _nf.__dict__)
_state = {}
_G = _nf._u_make(_state)
def _swap(t, hand):
    """t.grad (a pass's) becomes a G over the same numbers; the grad probe reads `hand`"""
    g = torch.Tensor._make_subclass(_G, t.grad.detach())
    _state[id(g)] = hand.detach().clone()
    t.grad = g
class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return grad

y = RoundSTE.apply(x)
loss = (y * scale * 7).sum()                       # a real pass of 7 times the loss
loss.backward()
with torch.no_grad():
    hand = scale.clone()                           # by hand
_swap(x, hand)
