# expect: root_name
root_name = "ExpBackward"
next_name = "AddBackward"
add_inputs = ["MulBackward", None]
mul_inputs = ["AccumulateGrad", "AccumulateGrad"]
