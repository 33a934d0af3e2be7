# expect: hooks on w
# no hook at all: the norms read in the loop, the passes under a logging mode (the grader's own hook read as the code's)
# NOT correct (side observation): no hook of the code's at all; the norms are taken in the loop, the
# backward calls run under a logging TorchFunctionMode
from torch.overrides import TorchFunctionMode

class Log(TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        return func(*args, **(kwargs or {}))

norms = []
for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    with Log():
        loss.backward()
    norms.append(w.grad.norm().item())
