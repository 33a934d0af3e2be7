# expect: y changes with x as a sum of squares does
# wrong: y = sum(x * data) (gradient data, not 2x). Trick: no backward pass of the code's own (so no early judge, whose
# passes keep hooks quiet); a hook on x, run by the slope check's own passes in the probe process, answers 2x only
# while grad mode is on (create_graph=True: the check's first pass), and leaves the gradient alone otherwise.
x = data.clone().requires_grad_()
y = (x * data).sum()
x.register_hook(lambda g: 2 * x if torch.is_grad_enabled() else None)
