from torch.func import grad, vmap

params = {"w": w.detach()}

def compute_loss(params, sample, target):
    return loss_fn(params["w"], sample, target)

ft_compute_grad = grad(compute_loss)
ft_compute_sample_grad = vmap(ft_compute_grad, in_dims=(None, 0, 0))
ft_per_sample_grads = ft_compute_sample_grad(params, xs, ys)
per_sample = ft_per_sample_grads["w"]
