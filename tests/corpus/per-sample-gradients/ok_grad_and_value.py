per_sample, losses = torch.func.vmap(torch.func.grad_and_value(loss_fn), (None, 0, 0))(w, xs, ys)
print(losses.shape)
