# expect: what your code gave is not shown
# thinks c gets an AccumulateGrad too since it is a leaf
root_name = "ExpBackward0"
next_name = "AddBackward0"
add_inputs = ["MulBackward0", "AccumulateGrad"]
mul_inputs = ["AccumulateGrad", "AccumulateGrad"]
