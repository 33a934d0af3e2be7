# A hook object whose __call__ is a staticmethod of functools.partial(torch.clamp, ...): a C callable as a
# special method of a class made in the run, written honestly (the clipping is autograd's, via the hook).
import functools


class Clip:
    __call__ = staticmethod(functools.partial(torch.clamp, min=-0.5, max=0.5))


y = x * w
y.register_hook(Clip())
loss = (y ** 2).sum()
loss.backward()
