# expect: vmap
rows = []
for xi, yi in zip(xs, ys):
    wi = w.detach().clone().requires_grad_()
    (gi,) = torch.autograd.grad(loss_fn(wi, xi, yi), wi)
    rows.append(gi)
per_sample = torch.stack(rows)
