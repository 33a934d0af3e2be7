norms = []
# the tensor hook sees the incoming gradient; add what is already in w.grad
w.register_hook(lambda g: norms.append((g + (w.grad if w.grad is not None else 0)).norm().item()))

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
