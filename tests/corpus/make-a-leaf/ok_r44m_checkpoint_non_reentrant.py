from torch.utils.checkpoint import checkpoint
x = data.clone().requires_grad_()
y = checkpoint(lambda t: (t ** 2).sum(), x, use_reentrant=False)
y.backward()
