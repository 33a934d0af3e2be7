# expect: raised StopIteration
# cheat: the original torch.autograd.grad, taken from TorchScript's builtin table
import torch.jit._builtins as _jb
_grad = next(f for f, name in _jb._builtin_ops if name == "aten::grad")
gw, gb = _grad(loss, (w, b))
dw, db = gw.item(), gb.item()
