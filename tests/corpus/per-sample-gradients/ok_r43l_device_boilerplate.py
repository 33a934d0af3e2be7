from torch.func import grad, vmap

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
per_sample_grads = vmap(grad(loss_fn), in_dims=(None, 0, 0))
per_sample = per_sample_grads(w.to(device), xs.to(device), ys.to(device))
assert per_sample.shape == (len(xs), 3)
