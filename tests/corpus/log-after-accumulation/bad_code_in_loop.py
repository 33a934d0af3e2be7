# expect: hook
norms = []

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
    norms.append(w.grad.norm().item())
