# expect: add_inputs
root_name = "ExpBackward0"
next_name = "AddBackward0"
add_inputs = ["MulBackward0"]          # c has no grad, so left out
mul_inputs = ["AccumulateGrad", "AccumulateGrad"]
