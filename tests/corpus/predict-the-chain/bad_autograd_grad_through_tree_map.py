# expect: no autograd in the answer
# why wrong: autograd computes dw and db (torch.autograd.grad), called through torch's tree_map so the call comes from torch's frame and is not counted
from functools import partial
from torch.utils._pytree import tree_map
dw, db = (float(g) for g in tree_map(partial(torch.autograd.grad, retain_graph=True), [loss], [[w, b]])[0])
