# v through numpy and back, and backward called through functools.partial; an IntEnum for the axis.
import enum
import functools
import numpy as np


class Axis(enum.IntEnum):
    ROW = 0


v_np = v.detach().cpu().numpy()
y = torch.tanh(x) * x.cumsum(Axis.ROW)
seed_v = torch.from_numpy(np.ascontiguousarray(v_np)).to(y.device)
functools.partial(torch.Tensor.backward, gradient=seed_v)(y)
