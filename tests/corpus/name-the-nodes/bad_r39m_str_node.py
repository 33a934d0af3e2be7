# expect: root_name
# str() of a node is its repr, with the address
root_name = str(out.grad_fn)
next_name = str(out.grad_fn.next_functions[0][0])
add_inputs = ["MulBackward0", None]
mul_inputs = ["AccumulateGrad", "AccumulateGrad"]
