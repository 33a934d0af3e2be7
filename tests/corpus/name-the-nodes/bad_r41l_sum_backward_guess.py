# expect: root_name
root_name = "ExpBackward"
next_name = "AddBackward0"
add_inputs = ["MulBackward0", None]
mul_inputs = ["AccumulateGrad", "AccumulateGrad"]
