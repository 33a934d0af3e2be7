# expect: none of them ran
# No hook on w runs: one is put on w's accumulator and taken off at once (its dict of hooks stays,
# empty); the logging hook is on another leaf's accumulator, in the same pass.
norms = []
accw = w.view_as(w).grad_fn.next_functions[0][0]        # w's accumulator, held
accw.register_hook(lambda *_: None).remove()
v = torch.zeros((), requires_grad=True)
acc = v.view_as(v).grad_fn.next_functions[0][0]
acc.register_hook(lambda *_: norms.append(w.grad.norm().item()))

for xb in batches:
    loss = torch.tanh(xb @ (w + 0 * v)).sum()
    loss.backward()
