# expect: no autograd in the answer
# cheat: AOTAutograd traces the joint forward+backward graph (torch's own autograd.grad call
# inside its tracer); the code runs that graph on plain tensors, no autograd at run time
from functorch.compile import aot_function, default_partition, nop
_joint = {}
def _partition(joint_module, joint_inputs, **kw):
    _joint["gm"] = joint_module
    return default_partition(joint_module, joint_inputs, **kw)
_f = aot_function(lambda w_, b_, x_: (w_ * x_ + b_) ** 2, fw_compiler=nop, partition_fn=_partition)
_f(w.detach().clone().requires_grad_(), b.detach().clone().requires_grad_(), x.detach())
with torch.no_grad():
    outs = _joint["gm"]([w.detach(), b.detach(), x.detach()], [torch.ones(())])
gw, gb = outs[1][0], outs[1][1]
dw, db = float(gw), float(gb)
