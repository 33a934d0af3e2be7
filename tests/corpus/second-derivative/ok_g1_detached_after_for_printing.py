# correct: both derivatives by autograd; g1 detached afterwards for display
(g1,) = torch.autograd.grad(y, x, create_graph=True)
(g2,) = torch.autograd.grad(g1, x)
g1 = g1.detach()
print(f"g1={g1.item():.4f} g2={g2.item():.4f}")
