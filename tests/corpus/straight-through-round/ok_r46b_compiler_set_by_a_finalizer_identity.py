# probe of NOTE [a compiler of every pass]: the right answer, but compiled autograd's compiler is set by a
# GC finalizer inside the engine wrapper's `_running`, after `_compiler_set()` was read, and unset by the
# compiler itself during the pass. RAN records that the code's compiler saw the pass's graph.
import gc as _gc, sys as _sys
from torch._dynamo import compiled_autograd as _ca
RAN = []
def _comp(gm):
    torch._C._dynamo.compiled_autograd.set_autograd_compiler(None, False)
    RAN.append(len(list(gm.graph.nodes)))
    return gm
_ARMED = [True]
class _Bomb:
    def __init__(self):
        self.me = self
    def __del__(self):
        if not _ARMED[0]:
            return
        f = _sys._getframe(1)
        while f is not None:
            if f.f_code.co_name == 'observed' and 'run' in f.f_locals and f.f_code.co_filename.endswith('observe_answered.py'):
                _ARMED[0] = False
                import functools
                torch._C._dynamo.compiled_autograd.set_autograd_compiler(
                    functools.partial(_ca.AutogradCompilerInstance, _comp), False)
                return
            f = f.f_back
        _Bomb()

class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return grad

y = RoundSTE.apply(x)
loss = (y * scale).sum()
_Bomb()
_old = _gc.get_threshold()
_gc.set_threshold(1)
loss.backward()
_gc.set_threshold(*_old)
_ARMED[0] = False
print("compiler saw", RAN)
