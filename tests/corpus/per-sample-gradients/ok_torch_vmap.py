per_sample = torch.vmap(torch.func.grad(loss_fn), in_dims=(None, 0, 0))(w, xs, ys)
