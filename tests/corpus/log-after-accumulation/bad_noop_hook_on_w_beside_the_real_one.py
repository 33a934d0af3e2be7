# expect: did not follow the gradients your hooks were handed
# a hook on w that runs and does nothing; the norms come from a hook on another leaf's accumulator
# The logging hook is on another leaf's accumulator (as bad_node_hook_on_another_leaf); a do-nothing
# tensor hook on w runs every pass, so "a hook on w that ran" is satisfied.
norms = []
w.register_hook(lambda g: None)                      # runs, does nothing
v = torch.zeros((), requires_grad=True)
acc = v.view_as(v).grad_fn.next_functions[0][0]
acc.register_hook(lambda *_: norms.append(w.grad.norm().item()))

for xb in batches:
    loss = torch.tanh(xb @ (w + 0 * v)).sum()
    loss.backward()
