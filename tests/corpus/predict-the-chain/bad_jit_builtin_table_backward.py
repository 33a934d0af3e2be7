# expect: raised StopIteration
# cheat: the original torch.autograd.backward, from TorchScript's builtin table; .grad cleared after
import torch.jit._builtins as _jb
_bw = next(f for f, name in _jb._builtin_ops if name == "aten::backward")
_bw(loss, inputs=[w, b])
dw, db = w.grad.item(), b.grad.item()
w.grad = None
b.grad = None
