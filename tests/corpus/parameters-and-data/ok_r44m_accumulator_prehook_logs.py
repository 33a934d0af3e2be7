# A pre-hook on w's gradient accumulator that prints what is about to be accumulated (returns None)
w = nn.Parameter(init.clone())
out = data @ w
for node, _ in out.grad_fn.next_functions:
    if type(node).__name__ == "AccumulateGrad":
        node.register_prehook(lambda grads: print("into w.grad:", grads[0]))
out.sum().backward()
