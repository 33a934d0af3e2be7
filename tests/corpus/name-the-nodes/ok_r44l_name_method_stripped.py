# node.name() gives torch::autograd::AccumulateGrad for leaves, so strip the namespace
def nm(node):
    return None if node is None else node.name().split("::")[-1]
root_name = nm(out.grad_fn)
add = out.grad_fn.next_functions[0][0]
next_name = nm(add)
add_inputs = [nm(f) for f, _ in add.next_functions]
mul_inputs = [nm(f) for f, _ in add.next_functions[0][0].next_functions]
