(g1,) = torch.autograd.grad(y, x, grad_outputs=torch.ones_like(y), create_graph=True)
(g2,) = torch.autograd.grad(g1, x, grad_outputs=torch.ones_like(g1))
print(f"dy/dx = {g1.item():.4f}, d2y/dx2 = {g2.item():.4f}")
