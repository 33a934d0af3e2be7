# expect: the gradient transform runs with vmap
from torch.func import vmap
# per-sample gradients with plain autograd: one copy of w per row
W = w.detach().expand(len(xs), 3).clone().requires_grad_()
losses = vmap(loss_fn)(W, xs, ys)
(per_sample,) = torch.autograd.grad(losses.sum(), W)
