from torch.func import grad_and_value, vmap

def compute(params, x, y):
    return loss_fn(params["w"], x, y)

grads_, losses_ = vmap(grad_and_value(compute), in_dims=(None, 0, 0))({"w": w}, xs, ys)
per_sample = grads_["w"]
