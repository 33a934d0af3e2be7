import tracemalloc
from torch.func import grad, vmap

tracemalloc.start()
per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0))(w, xs, ys)
current, peak = tracemalloc.get_traced_memory()
print(f"peak python memory {peak / 1024:.1f} KiB")
