# Honest: one backward from v, through functools.partial; the result looked at through numpy and a UserDict.
import collections
import functools
import itertools
import operator

import numpy as np

y = torch.tanh(x) * x.cumsum(0)
backward_from_v = functools.partial(torch.autograd.backward, grad_tensors=v)
backward_from_v(y)
view = x.grad.detach().numpy()
summary = collections.UserDict({"dtype": str(view.dtype), "norm": float(np.linalg.norm(view))})
running = list(itertools.accumulate(view.tolist(), operator.add))
print(summary, running[-1])
