import io
import pickle
from dataclasses import dataclass
from torch.func import grad, vmap


@dataclass
class RunConfig:
    in_dims: tuple = (None, 0, 0)


cfg = pickle.loads(pickle.dumps(RunConfig()))   # e.g. a config saved with the run
per_sample = vmap(grad(loss_fn), in_dims=cfg.in_dims)(w, xs, ys)
