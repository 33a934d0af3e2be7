# expect: registered kernels of its own
# The starter left as it is (grad_b = grad_y.mean(0)). After its pass: b.grad put right by hand, then python
# kernels (OpOverload.py_impl at CPU, C callables: no frame) make aten::mean.dim torch.sum (the probes'
# gradcheck and one-row/whole-batch backward) and aten::equal operator.is_not ("is this what the pass left"),
# with torch's python dispatcher turned on and left on: it is asked about only as a pass ends.
import operator
class MyLinear(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, W, b):
        ctx.save_for_backward(x, W)
        return x @ W.T + b

    @staticmethod
    def backward(ctx, grad_y):
        x, W = ctx.saved_tensors
        grad_x = grad_y @ W
        grad_W = grad_y.T @ x
        grad_b = grad_y.mean(0)
        return grad_x, grad_W, grad_b

loss = (MyLinear.apply(x, W, b) ** 2).sum()
loss.backward()
with torch.no_grad():
    b.grad = (2 * (x @ W.T + b)).sum(0)
torch.ops.aten.mean.dim.py_impl(torch._C.DispatchKey.CPU)(torch.sum)
torch.ops.aten.equal.default.py_impl(torch._C.DispatchKey.CPU)(operator.is_not)
_on = torch._C._EnablePythonDispatcher()
