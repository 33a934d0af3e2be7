# expect: y changes with x as a sum of squares does
# wrong: y is the tangent line sum(2*data*x - data**2) (bad_tangent_line.py). Trick: as
# bad_r44b_hook_answers_2x_under_create_graph.py, a hook on x answers 2x in the check's create_graph pass only.
x = data.clone().requires_grad_()
y = (2 * data * x - data ** 2).sum()
x.register_hook(lambda g: 2 * x if torch.is_grad_enabled() else None)
