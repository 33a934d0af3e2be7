# expect: hook
norms = []
w.register_hook(lambda g: g)          # a hook on w ... that does nothing

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
    norms.append(w.grad.norm().item())   # the logging is still in the loop
