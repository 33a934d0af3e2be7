root_name = "ExpBackward0"
next_name = "AddBackward0"
add_inputs = ("MulBackward0", None)
mul_inputs = ("AccumulateGrad", "AccumulateGrad")
