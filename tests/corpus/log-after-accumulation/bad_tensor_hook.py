# expect: runs before that addition and sees only the pass
norms = []
w.register_hook(lambda g: norms.append(g.norm().item()))

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
