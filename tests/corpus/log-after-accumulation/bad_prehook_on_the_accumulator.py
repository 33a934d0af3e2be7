# expect: norms
# a pre-hook on w's accumulator runs before the gradient is added: it logs the norm of the last step's sum
norms = []
acc = w.view_as(w).grad_fn.next_functions[0][0]
acc.register_prehook(lambda grad_outputs: norms.append(w.grad.norm().item() if w.grad is not None else 0.0))

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
