norms = []

def log_accumulated(incoming):
    # register_hook runs before accumulation: add what is already there
    total = incoming if w.grad is None else w.grad + incoming
    norms.append(total.norm().item())

w.register_hook(log_accumulated)

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
