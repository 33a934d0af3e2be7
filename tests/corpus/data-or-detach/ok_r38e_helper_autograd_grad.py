def log_half(t: torch.Tensor) -> float:
    """Half the sum of t, for the training log; never touches t."""
    return (t.detach() / 2).sum().item()


y = torch.exp(x)
logged = log_half(y)
loss = y.sum()
(x.grad,) = torch.autograd.grad(loss, (x,))
