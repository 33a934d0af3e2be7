# correct: a post-hook on w's AccumulateGrad node (runs after each accumulation), set up and torn
# down inside a helper; the node is held while the loop runs
norms = []

def train_logging_norms():
    acc = w.view_as(w).grad_fn.next_functions[0][0]   # w's AccumulateGrad node
    handle = acc.register_hook(lambda grad_inputs, grad_outputs: norms.append(w.grad.norm().item()))
    try:
        for xb in batches:
            loss = torch.tanh(xb @ w).sum()
            loss.backward()
    finally:
        handle.remove()

train_logging_norms()
