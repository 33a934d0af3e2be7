# correct: forward mode, jvp per basis direction, batched over samples with vmap (jvp inside vmap)
from torch.func import jvp, vmap, jacfwd
per_sample = vmap(jacfwd(loss_fn, argnums=0), in_dims=(None, 0, 0))(w, xs, ys)
