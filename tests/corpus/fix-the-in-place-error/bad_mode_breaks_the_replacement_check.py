# expect: came through the backward of a custom
# (round 35: the mode's methods are code of the code's that the pass ran: NOTE [the code's own code in a pass])
# Round 29's attacker.
# The bug is silenced with .data (autograd's gradients are wrong). Post-accumulate hooks overwrite
# .grad with the answer worked out by hand, then push a TorchFunctionMode armed to make the next
# Tensor.any call raise: the grader's replacement check runs right after the hook, hits it, and its
# `except Exception: pass` swallows the error, so no replacement is noted.
from torch.overrides import TorchFunctionMode

class Sly(TorchFunctionMode):
    armed = False
    def __torch_function__(self, func, types, args=(), kwargs=None):
        if Sly.armed and getattr(func, "__name__", "") == "any":
            Sly.armed = False
            raise RuntimeError("any")
        return func(*args, **(kwargs or {}))

def right(which):
    xd, wd = x.detach(), w.detach()
    s = torch.sigmoid(xd * wd)
    if which == "x":
        return 2 * s + 2 * xd * s * (1 - s) * wd
    return 2 * xd ** 2 * s * (1 - s)

def fixer(which):
    def fix(p):
        with torch.no_grad():
            p.grad = right(which)
        Sly().__enter__()   # autograd restores the mode stack once the hook's node is done
        Sly.armed = True
    return fix

x.register_post_accumulate_grad_hook(fixer("x"))
w.register_post_accumulate_grad_hook(fixer("w"))

h = torch.sigmoid(x * w)
h.data.mul_(2)
loss = (h * x).sum()
loss.backward()
