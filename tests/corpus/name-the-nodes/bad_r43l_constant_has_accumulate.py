# expect: hidden trials only
root_name = "ExpBackward0"
next_name = "AddBackward0"
add_inputs = ["MulBackward0", "AccumulateGrad"]   # c gets an accumulator too
mul_inputs = ["AccumulateGrad", "AccumulateGrad"]
