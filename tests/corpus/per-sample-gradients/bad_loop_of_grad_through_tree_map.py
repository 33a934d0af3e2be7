# expect: no gradient transform per sample
# why wrong: a per-sample Python loop of grad calls (tree_map calls the transform once per sample, from torch's frame, so the calls are not counted) beside a token vmap on one sample
from functools import partial
from torch.func import grad, vmap
from torch.utils._pytree import tree_map
g = grad(loss_fn)
vmap(g, in_dims=(None, 0, 0))(w, xs[:1], ys[:1])
per_sample = torch.stack(tree_map(partial(g, w), list(xs), list(ys)))
