# expect: grad of x
# the Exp path's gradient thrown away by an unwatched hook; x's AccumulateGrad post hook adds exp(x) by hand
import functools
from torch.utils._pytree import tree_map
e = x.exp()
loss = (x * a + e).sum()
tree_map(functools.partial(torch.Tensor.register_hook, hook=lambda g: torch.zeros_like(g)), e)
acc = e.grad_fn.next_functions[0][0]
def add_exp(grad_inputs, grad_outputs):
    x.grad.add_(x.detach().exp())
acc.register_hook(add_exp)
loss.backward()
