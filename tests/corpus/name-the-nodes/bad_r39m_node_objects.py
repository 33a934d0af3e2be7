# expect: root_name
# the nodes themselves, not their class names
root_name = out.grad_fn
next_name = out.grad_fn.next_functions[0][0]
add_inputs = ["MulBackward0", None]
mul_inputs = ["AccumulateGrad", "AccumulateGrad"]
