# expect: add_inputs
root_name = "ExpBackward0"
next_name = "AddBackward0"
add_inputs = [None, "MulBackward0"]
mul_inputs = ["AccumulateGrad", "AccumulateGrad"]
