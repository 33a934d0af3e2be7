import typing
from torch.func import grad, vmap


def per_sample_grads(weights: torch.Tensor, inputs: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
    return vmap(grad(loss_fn), in_dims=(None, 0, 0))(weights, inputs, targets)


print(typing.get_type_hints(per_sample_grads))
per_sample = per_sample_grads(w, xs, ys)
