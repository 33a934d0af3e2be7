import warnings
warnings.filterwarnings("error", category=UserWarning)  # no silent .grad-of-non-leaf surprises

(g1,) = torch.autograd.grad(y, x, create_graph=True)
(g2,) = torch.autograd.grad(g1, x)
print(f"g1={g1.item():.4f} g2={g2.item():.4f}")
