# expect: next_name
root_name = "ExpBackward0"
next_name = "MulBackward0"
add_inputs = ["MulBackward0", None]
mul_inputs = ["AccumulateGrad", "AccumulateGrad"]
