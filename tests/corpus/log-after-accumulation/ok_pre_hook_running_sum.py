# tensor hook on w (runs before accumulation) that keeps its own running total of what it is given
norms = []
state = {"total": None}

def log(g):
    state["total"] = g.detach().clone() if state["total"] is None else state["total"] + g
    norms.append(state["total"].norm().item())
    return g

w.register_hook(log)
for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
