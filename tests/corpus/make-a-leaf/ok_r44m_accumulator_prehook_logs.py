# A pre-hook on x's gradient accumulator that prints what is about to be accumulated (returns None)
x = data.clone().requires_grad_()
acc = x.view_as(x).grad_fn.next_functions[0][0]
acc.register_prehook(lambda grads: print("about to accumulate", grads[0]))
y = (x ** 2).sum()
y.backward()
