# Honest: two reverse passes; a class of the learner's (a UserString with its own Python __eq__) as dict keys,
# and numpy dtypes printed.
import collections
import numpy as np


class Name(collections.UserString):
    def __eq__(self, other):
        return str(self).lower() == str(other).lower()

    def __hash__(self):
        return hash(str(self).lower())


(g,) = torch.autograd.grad(f(x), x, create_graph=True)
(hvp,) = torch.autograd.grad(g @ v, x)
table = {Name("HVP"): hvp.detach().numpy().astype(np.float64)}
print({str(k): (str(a.dtype), a.round(3).tolist()) for k, a in table.items()}, Name("hvp") in table)
