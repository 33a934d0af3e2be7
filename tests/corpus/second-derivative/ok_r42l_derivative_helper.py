def derivative(out: torch.Tensor, wrt: torch.Tensor, keep: bool = False) -> torch.Tensor:
    """d out / d wrt, keeping the graph of the result when asked (for a further derivative)."""
    return torch.autograd.grad(out, wrt, create_graph=keep)[0]

g1 = derivative(y, x, keep=True)
g2 = derivative(g1, x)
print(f"dy/dx = {g1.item():.4f}, d2y/dx2 = {g2.item():.4f}")
