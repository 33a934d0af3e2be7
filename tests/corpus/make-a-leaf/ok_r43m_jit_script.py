@torch.jit.script
def square_sum(t: torch.Tensor) -> torch.Tensor:
    return (t * t).sum()

x = data.clone().requires_grad_()
y = square_sum(x)
