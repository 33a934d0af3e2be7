# expect: cannot register a hook on a tensor
norms = []
w.grad = torch.zeros_like(w)
w.grad.register_hook(lambda g: norms.append(g.norm().item()))

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
