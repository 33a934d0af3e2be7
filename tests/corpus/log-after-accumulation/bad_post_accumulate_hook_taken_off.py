# expect: none of them ran
# No hook on w runs: a post-accumulate hook is put on w and taken off at once; the logging hook is
# on another leaf's accumulator, in the same pass.
norms = []
w.register_post_accumulate_grad_hook(lambda p: None).remove()
v = torch.zeros((), requires_grad=True)
acc = v.view_as(v).grad_fn.next_functions[0][0]
acc.register_hook(lambda *_: norms.append(w.grad.norm().item()))

for xb in batches:
    loss = torch.tanh(xb @ (w + 0 * v)).sum()
    loss.backward()
