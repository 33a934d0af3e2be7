x: torch.Tensor = torch.empty_like(data).copy_(data).requires_grad_()
y = torch.addcmul(torch.zeros_like(x), x, x).sum()
print(f"y = {y.item():.4f}, leaf: {x.is_leaf}")
