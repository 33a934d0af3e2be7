from torch.overrides import TorchFunctionMode
class Log(TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        return func(*args, **(kwargs or {}))
with Log():
    handle = w.register_hook(lambda g: g * 100)
    loss1 = (w ** 2).sum()
    loss1.backward()
    first = w.grad.clone()
    handle.remove()

    w.grad = None
    loss2 = (w ** 3).sum()
    loss2.backward()
    second = w.grad.clone()
