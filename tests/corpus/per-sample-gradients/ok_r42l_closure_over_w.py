from torch.func import grad, vmap

def sample_grad(x, y):
    return grad(loss_fn)(w, x, y)

per_sample = vmap(sample_grad)(xs, ys)
assert per_sample.shape == (len(xs), 3)
