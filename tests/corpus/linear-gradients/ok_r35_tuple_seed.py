y = w * x + b
torch.autograd.backward((y,), grad_tensors=(torch.ones_like(y),), retain_graph=False)
print(f"dy/dw={w.grad.item():.3f} dy/dx={x.grad.item():.3f} dy/db={b.grad.item():.3f}")
